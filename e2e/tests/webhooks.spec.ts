import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { CSRF, noSidewaysScroll, signUpTeacher, uniquePhone } from './page-helpers';

/**
 * Webhooks in the browser: an owner adds an endpoint in Settings (a receiver this test starts on
 * loopback, which the test server allows as it allows the payment stand-ins), adds a student, sees
 * the signed delivery in the endpoint's log, and replays it with the same webhook-id.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/batchwise`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('an owner adds an endpoint, sees a student’s delivery in the log and replays it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const accountId = await signUpTeacher(page, 'Hooks');
    await page.goto('/teacher/settings?tab=institution');
    const card = page.getByTestId('webhooks-card');
    await expect(card.getByTestId('webhooks-empty')).toBeVisible();

    await card.getByTestId('webhook-add').click();
    const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill('https://10.0.0.8/hooks');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(/private or local network/)).toBeVisible();
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Office CRM');
    await form.getByRole('button', { name: 'Save' }).click();

    const secretBox = page.getByTestId('webhook-secret');
    await expect(secretBox).toContainText('whsec_');
    const secret = (await secretBox.innerText()).trim();
    await page.getByTestId('webhook-secret-done').click();
    const endpoint = card.getByTestId('webhook-endpoint');
    await expect(endpoint.getByTestId('webhook-url')).toHaveText(receiver.url);
    await expect(endpoint).toContainText(`…${secret.slice(-4)}`);

    const added = await page.request.post(`/api/accounts/${accountId}/students`, {
      data: { name: 'Nusrat Jahan', phone: uniquePhone('017'), institution: 'Dhaka College' },
      headers: CSRF,
    });
    expect(added.ok(), await added.text()).toBe(true);

    await endpoint.getByTestId('webhook-log-toggle').click();
    const delivery = endpoint.getByTestId('webhook-delivery');
    await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText('Delivered');
    await expect(delivery).toContainText('Student added');
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0]!;
    const headers = {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    };
    // The Standard Webhooks signature, checked by hand (the server's tests use the package's verifier).
    const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${first.body}`;
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = crypto.createHmac('sha256', key).update(signed).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'student.created', data: { name: 'Nusrat Jahan' } });
    await expect(delivery).toContainText(headers['webhook-id']);

    await delivery.getByTestId('webhook-replay').click();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(headers['webhook-id']);
    await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText('Delivered');
    await expect(delivery).toContainText('2 attempts');

    await page.setViewportSize({ width: 375, height: 800 });
    await noSidewaysScroll(page, 'webhooks at 375 px');
  } finally {
    await receiver.close();
  }
});
