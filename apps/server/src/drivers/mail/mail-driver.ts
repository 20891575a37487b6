import nodemailer from 'nodemailer';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
      await outbox.insert({
        id,
        kind: 'mail',
        to: message.to,
        subject: message.subject,
        body: message.text,
        meta: message.html ? JSON.stringify({ html: message.html }) : null,
        created_at: clock.now(),
      });
      log.info({ to: message.to, subject: message.subject, outboxId: id }, 'mail kept in the console outbox');
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
      const info = await transport.sendMail({ from, ...message });
      return { id: info.messageId };
    },
    close: async () => transport.close(),
  };
}
