import nodemailer from 'nodemailer';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Sends the message once per key (the `mail.send` job's id), however often the job runs: the
   * console driver keeps one outbox row per key; over SMTP the key becomes the Message-ID, by
   * which mail providers drop a second copy of a message sent again after a worker died.
   */
  key?: string;
}

/** The Message-ID of a keyed message: the same key, the same id (RFC 5322 §3.6.4). */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'batchwise.local';
  return `<${encodeURIComponent(key)}@${domain}>`;
}

export interface MailDriver {
  readonly name: 'console' | 'smtp';
  send(message: MailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
}

interface Logger {
  info(o: object, m: string): void;
}

/** Local use: keeps every message in the outbox table (readable on the dev outbox page) and logs it. */
export function createConsoleMailDriver(outbox: OutboxRepository, clock: Clock, log: Logger): MailDriver {
  return {
    name: 'console',
    async send(message) {
      const id = newId();
      const kept = await outbox.insert({
        id,
        kind: 'mail',
        to: message.to,
        subject: message.subject,
        body: message.text,
        meta: message.html ? JSON.stringify({ html: message.html }) : null,
        created_at: clock.now(),
        send_key: message.key ?? null,
      });
      if (!kept) log.info({ to: message.to, key: message.key }, 'mail already kept for this key');
      else
        log.info(
          { to: message.to, subject: message.subject, outboxId: id },
          'mail kept in the console outbox',
        );
      return { id };
    },
    close: async () => {},
  };
}

/** Real delivery through any SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpMailDriver(url: string, from: string): MailDriver {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      const { key, ...content } = message;
      const info = await transport.sendMail({
        from,
        ...content,
        ...(key ? { messageId: messageIdOf(key, from) } : {}),
      });
      return { id: info.messageId };
    },
    close: async () => transport.close(),
  };
}
