/**
 * Ids the browser makes for a request it may have to send again (a kiosk's queued punch, a
 * counter payment's retry): the server recognises the second sending by the same id.
 */

/** The part of `crypto` a client id needs. */
export interface RandomSource {
  randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

/**
 * A random version 4 UUID. `crypto.randomUUID` exists only in secure contexts; a kiosk or a
 * counter opened over plain HTTP on a school's LAN still needs unique client ids.
 */
export function newClientId(source: RandomSource): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
