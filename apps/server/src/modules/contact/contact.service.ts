import { type ContactMessage, formatMessage } from '@batchwise/domain';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { JobQueue } from '../jobs/jobs.service';
import { addressKey } from '../rate-limit/address-key';
import type { Limit, RateLimiter } from '../rate-limit/rate-limit.service';
import type { ContactRepository } from './contact.repository';

export interface ContactMeta {
  ip: string | null;
  userAgent: string | null;
  language: string | null;
}

const MINUTE = 60_000;

/**
 * Each message becomes an e-mail to the site's inbox, so an address may write a few times in a
 * while and a few dozen a day. Counted in the database, so every API process sees the same hits.
 */
export const CONTACT_LIMITS = {
  perIp: { name: 'contact:ip', max: 5, windowMs: 10 * MINUTE },
  perIpDaily: { name: 'contact:ip-day', max: 30, windowMs: 24 * 60 * MINUTE },
} as const satisfies Record<string, Limit>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/\n/g, '<br>');

/**
 * The public contact form (spec part 1 §5, §7, §8): every message is kept, then e-mailed to the
 * site's contact address through the job queue, so a slow or failing mail server never loses it.
 */
export class ContactService {
  constructor(
    private readonly repo: ContactRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly recipient: string,
  ) {}

  async send(input: ContactMessage, meta: ContactMeta) {
    // Slots are taken before the message is stored, so parallel posts cannot all slip through.
    const address = addressKey(meta.ip ?? 'unknown');
    await this.limiter.take(CONTACT_LIMITS.perIpDaily, address, 'CONTACT_TOO_MANY');
    await this.limiter.take(CONTACT_LIMITS.perIp, address, 'CONTACT_TOO_MANY');
    const now = this.clock.now();
    const id = newId(now);
    await this.repo.insert({
      id,
      email_or_phone: input.emailOrPhone,
      message: input.message,
      language: meta.language,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      created_at: now,
    });
    const sentAt = new Date(now).toISOString();
    await this.jobs.enqueue(
      'mail.send',
      {
        to: this.recipient,
        subject: `Contact form: ${input.emailOrPhone.slice(0, 80)}`,
        text: `From: ${input.emailOrPhone}\nSent: ${sentAt}\nLanguage: ${meta.language ?? '-'}\n\n${input.message}`,
        html: `<p><strong>From:</strong> ${escapeHtml(input.emailOrPhone)}<br><strong>Sent:</strong> ${sentAt}</p><p>${escapeHtml(input.message)}</p>`,
      },
      // A retried request must not mail the same message twice.
      { idempotencyKey: `contact:${id}` },
    );
    return { code: 'CONTACT_SENT' as const, message: formatMessage('CONTACT_SENT') };
  }
}
