import type { Deps } from '../deps';

/** What the background jobs sent to a recipient, newest first, once every queued job has run. */
export async function sentTo(deps: Deps, kind: 'sms' | 'mail', to: string) {
  await deps.createWorker().drain();
  return (await deps.outbox.listNewest(kind, 500)).filter((m) => m.to === to);
}

/** The 6-digit code of a text, or '' when it has none. */
export const codeIn = (text: string | undefined): string => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';

/** The newest 6-digit code sent by SMS to a phone ('' when none was). */
export async function codeSentTo(deps: Deps, phone: string): Promise<string> {
  return codeIn((await sentTo(deps, 'sms', phone))[0]?.body);
}
