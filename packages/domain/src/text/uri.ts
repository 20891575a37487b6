/**
 * decodeURIComponent that never throws: runs of `%XX` escapes that do not decode (a lone `%E0`
 * from a truncated link, say) are kept as they were, and the rest is decoded.
 */
export function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
