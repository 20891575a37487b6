import { htmlToText, truncate } from '@batchwise/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * News descriptions are HTML written in the staff editor (or pasted into it). They are shown to
 * every visitor, so only a small, formatting-only subset survives: no scripts, styles, frames,
 * event handlers, images or forms. Links open in a new tab without handing over `window.opener`.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // An <h1> belongs to the page title; pasted ones become section headings.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of sanitised HTML with entities decoded, for search and summaries. */
export function newsText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(\/p|br|\/li|\/h\d)\b/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return htmlToText(decodeEntities(text));
}

export function newsSummary(html: string, max = 220): string {
  return truncate(newsText(html), max);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}
