import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailDriver } from './mail-driver';

/** A real SMTP server on loopback stands in for the provider: the driver speaks the real protocol. */
describe('SMTP mail driver', () => {
  const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'school' && auth.password === 's3cret')
          return callback(null, { user: 'school' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk) => {
          raw += chunk;
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with authentication', async () => {
    const driver = createSmtpMailDriver(
      `smtp://school:s3cret@127.0.0.1:${port}`,
      'Batchwise <no-reply@batchwise.bd>',
    );
    const result = await driver.send({
      to: 'guardian@example.com',
      subject: 'Fees due',
      text: 'Please pay by Sunday.',
    });
    await driver.close();
    expect(result.id).toMatch(/@/);
    const message = received.at(-1)!;
    expect(message).toMatchObject({
      from: 'no-reply@batchwise.bd',
      to: ['guardian@example.com'],
      user: 'school',
    });
    expect(message.raw).toContain('Subject: Fees due');
    expect(message.raw).toContain('Please pay by Sunday.');
  });

  it('sends a keyed message under the same Message-ID every time, so a resend is dropped as a copy', async () => {
    const driver = createSmtpMailDriver(
      `smtp://school:s3cret@127.0.0.1:${port}`,
      'Batchwise <no-reply@batchwise.bd>',
    );
    const message = { to: 'guardian@example.com', subject: 'Reset', text: 'Link', key: 'job:01J0' };
    const first = await driver.send(message);
    const again = await driver.send(message);
    await driver.close();
    expect(first.id).toBe('<job%3A01J0@batchwise.bd>');
    expect(again.id).toBe(first.id);
    expect(received.at(-1)!.raw).toContain('Message-ID: <job%3A01J0@batchwise.bd>');
    expect(received.at(-1)!.raw).not.toMatch(/^key:/im);
  });

  it('fails when the server refuses the credentials', async () => {
    const driver = createSmtpMailDriver(`smtp://school:wrong@127.0.0.1:${port}`, 'no-reply@batchwise.bd');
    await expect(driver.send({ to: 'a@b.bd', subject: 's', text: 't' })).rejects.toThrow(
      /Invalid username or password/,
    );
    await driver.close();
  });
});
