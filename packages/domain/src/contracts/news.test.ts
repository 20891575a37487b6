import { describe, expect, it } from 'vitest';
import { readTimeMinutes } from '../text/length';
import { contactMessageSchema } from './contact';
import { issueToDomainError } from './fields';
import { newsInputSchema, newsListQuerySchema } from './news';
import { NEWS_DEFAULT_LABEL, NEWS_READ_RATE } from './news-constants';

const codesOf = (result: { error?: { issues: { message: string; params?: unknown }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issueToDomainError(issue)?.code);

describe('newsInputSchema', () => {
  it('fills the spec defaults: label Announcement, draft, no image', () => {
    const parsed = newsInputSchema.parse({ title: ' Eid holidays ', description: '<p>Closed</p>' });
    expect(parsed).toMatchObject({
      title: 'Eid holidays',
      label: NEWS_DEFAULT_LABEL,
      status: 'draft',
      image: null,
      author: '',
    });
  });

  it('treats an empty label as the default', () => {
    expect(newsInputSchema.parse({ title: 'a', description: 'b', label: '  ' }).label).toBe('Announcement');
  });

  it('names the missing title and description by code', () => {
    expect(codesOf(newsInputSchema.safeParse({ title: ' ', description: '' }))).toEqual([
      'NEWS_TITLE_REQUIRED',
      'NEWS_DESCRIPTION_REQUIRED',
    ]);
  });

  it('accepts only image keys made by the upload', () => {
    expect(newsInputSchema.safeParse({ title: 'a', description: 'b', image: '../etc/passwd' }).success).toBe(
      false,
    );
    expect(
      newsInputSchema.safeParse({ title: 'a', description: 'b', image: 'news/01HZX3K8Q2M4N5P6R7S8T9V0WX' })
        .success,
    ).toBe(true);
  });
});

describe('newsListQuerySchema', () => {
  it('pages 20 at a time by default and refuses malformed cursors', () => {
    expect(newsListQuerySchema.parse({}).limit).toBe(20);
    expect(newsListQuerySchema.safeParse({ cursor: "1' OR 1=1" }).success).toBe(false);
    expect(newsListQuerySchema.safeParse({ cursor: '1717000000000_01HZX3K8Q2' }).success).toBe(true);
  });
});

describe('news read time', () => {
  it('uses 100 words a minute over the text of the HTML', () => {
    const html = `<p>${Array.from({ length: 250 }, () => 'শব্দ').join(' ')}</p>`;
    expect(readTimeMinutes(html, NEWS_READ_RATE)).toBe(3);
  });
});

describe('contactMessageSchema limits', () => {
  it('refuses a message longer than 5000 characters with its own code', () => {
    const result = contactMessageSchema.safeParse({ emailOrPhone: 'a@b.bd', message: 'x'.repeat(5001) });
    expect(codesOf(result)).toEqual(['CONTACT_TOO_LONG']);
    expect(result.error?.issues[0]?.message).toBe(
      'Your message is too long. Please keep it under 5000 characters.',
    );
  });

  it('keeps the spec messages for empty fields', () => {
    const result = contactMessageSchema.safeParse({ emailOrPhone: '', message: ' ' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter your email or phone!',
      'Please enter your message!',
    ]);
  });
});
