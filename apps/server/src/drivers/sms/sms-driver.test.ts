import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsDriver, SmsSendError } from './sms-driver';

/**
 * A loopback stand-in for a Bangladeshi bulk-SMS gateway speaking its HTTP protocol: form fields
 * api_key, type, number, senderid, message; JSON with response_code 202 when accepted.
 */
describe('HTTP SMS driver', () => {
  const requests: URLSearchParams[] = [];
  let url: string;
  let server: http.Server;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push(form);
        res.setHeader('content-type', 'application/json');
        if (form.get('number') === '8801999999999') {
          res.statusCode = 502;
          return res.end('bad gateway');
        }
        if (form.get('api_key') !== 'key-123') {
          return res.end(
            JSON.stringify({ response_code: 1002, error_message: 'Sender Id/Masking Not Found' }),
          );
        }
        res.end(
          JSON.stringify({
            response_code: 202,
            message_id: 98765,
            success_message: 'SMS Submitted Successfully',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/smsapi`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('submits the message and returns the gateway message id', async () => {
    const driver = createHttpSmsDriver({ url, apiKey: 'key-123', senderId: '8809617600000' });
    const result = await driver.send({ to: '+8801712345678', text: 'আপনার সন্তান উপস্থিত।' });
    expect(result.id).toBe('98765');
    const sent = requests.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      api_key: 'key-123',
      type: 'text',
      number: '8801712345678',
      message: 'আপনার সন্তান উপস্থিত।',
      senderid: '8809617600000',
    });
  });

  it("fails with the gateway's own reason when it refuses", async () => {
    const driver = createHttpSmsDriver({ url, apiKey: 'wrong', senderId: undefined });
    const error = await driver.send({ to: '+8801712345678', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).message).toContain('Sender Id/Masking Not Found');
    expect((error as SmsSendError).providerCode).toBe(1002);
  });

  it('fails on an HTTP error from the gateway', async () => {
    const driver = createHttpSmsDriver({ url, apiKey: 'key-123', senderId: undefined });
    await expect(driver.send({ to: '+8801999999999', text: 'x' })).rejects.toThrow('HTTP 502');
  });
});
