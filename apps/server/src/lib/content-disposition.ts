/**
 * Header values built from user text. Node refuses to send a header holding anything outside
 * Latin-1 (ERR_INVALID_CHAR, a 500), and a quote, CR or LF could end the value early; so user
 * text only ever reaches a header through these.
 */

/** Lone UTF-16 surrogates become U+FFFD, so the text can be encoded as UTF-8 at all. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8 except attr-char (encodeURIComponent leaves `'()*!` alone). */
function rfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with the file name twice (RFC 6266 §4.3): `filename*` carries it exactly in UTF-8
 * (Bangla names survive), `filename` is a printable-ASCII fallback for old clients, without the
 * characters that would end the quoted string or that some clients decode (`%`).
 */
export function attachmentDisposition(fileName: string): string {
  return disposition('attachment', fileName);
}

/** `inline` with the same names: the browser shows the file (a PDF, a picture) and saves it by that name. */
export function inlineDisposition(fileName: string): string {
  return disposition('inline', fileName);
}

function disposition(type: 'attachment' | 'inline', fileName: string): string {
  const name = wellFormed(fileName);
  const fallback =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'download';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
