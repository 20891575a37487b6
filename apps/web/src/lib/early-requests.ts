/**
 * GET requests the page's first script (main.tsx) starts before the app's code has arrived, so
 * the answer the app waits for first (the session: who is signed in, which pages they have) is
 * on its way during the downloads instead of after them. api.ts takes each answer once, in place
 * of its own request; later calls fetch anew.
 */
const started = new Map<string, Promise<Response>>();

export function startEarlyGet(path: string): void {
  const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // Failures are reported to whoever takes the answer; until then the rejection is not unhandled.
  response.catch(() => undefined);
  started.set(path, response);
}

/** The early request to `path`, once; undefined when none was started or it was taken. */
export function takeEarlyGet(path: string): Promise<Response> | undefined {
  const response = started.get(path);
  started.delete(path);
  return response;
}
