import type { FastifyInstance } from 'fastify';
import { failure } from '../lib/errors';

/**
 * True for text no field may hold: C0 control characters other than tab, line feed and carriage
 * return (PostgreSQL refuses NUL outright, and the rest corrupt exports, SMS and headers), and
 * UTF-16 surrogates without their pair (not text at all: they cannot be encoded as UTF-8).
 */
export function isUnsavableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20) {
      if (unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) return true;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    }
  }
  return false;
}

/** Looks at every string and every object key inside a parsed body, query or path; no recursion, so nesting depth cannot blow the stack. */
export function holdsUnsavableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isUnsavableText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        if (isUnsavableText(key)) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Refuses such text in every request's path, query and body before any route sees it, so no
 * route (including ones added later, with or without a schema) can pass it to the database or
 * into a header. Tab, CR and LF stay allowed for multi-line fields.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused =
      holdsUnsavableText(request.params) ||
      holdsUnsavableText(request.query) ||
      holdsUnsavableText(request.body);
    done(refused ? failure(400, 'TEXT_INVALID') : undefined);
  });
}
