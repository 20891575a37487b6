/**
 * GET requests the page's first script (main.tsx) starts before the app's code has arrived, so
 * the answer the app waits for first (the session: who is signed in, which pages they have) is
 * on its way during the downloads instead of after them. api.ts takes each answer once, in place
 * of its own request; later calls fetch anew.
 */
const started = new Map<string, Promise<Response>>();

export function startEarlyGet(path: string): void {
  // Read to the end at once: a body nobody reads keeps the request open in the browser (and the
  // page never idle) should the app not ask for it after all.
  const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).then(
    async (answer) =>
      new Response(await answer.arrayBuffer(), {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
      }),
  );
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
