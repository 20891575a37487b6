/**
 * The path of a link on this app, or null for anything that could lead elsewhere. A short link
 * must not become an open redirect, and its target goes out as a `Location` header, so:
 *
 * - control characters are refused: browsers silently drop tab, CR and LF, which turns
 *   `/\t/evil.example` into `//evil.example` (another site);
 * - the target is resolved against our origin with the WHATWG URL parser, as a browser would
 *   (backslashes count as slashes, dot segments collapse), and kept only if it stays on our origin;
 * - what is kept is the parser's serialisation: percent-encoded ASCII, safe in a header;
 * - a resolved path that starts with `//` is refused, since sent alone it names another host.
 */
export function appPath(url: string, appUrl: string): string | null {
  for (let i = 0; i < url.length; i++) {
    const unit = url.charCodeAt(i);
    if (unit < 0x20 || unit === 0x7f) return null;
  }
  const origin = new URL(appUrl).origin;
  let resolved: URL;
  try {
    resolved = new URL(url, `${origin}/`);
  } catch {
    return null;
  }
  if (resolved.origin !== origin || resolved.username || resolved.password) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** A Location value Node will send: printable ASCII only (anything else throws ERR_INVALID_CHAR). */
export function isHeaderSafePath(path: string): boolean {
  return /^\/[\x21-\x7e]*$/.test(path) && !path.startsWith('//');
}
