import type { KioskStudent } from '@batchwise/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newClientId } from '../../lib/client-id';
import { postPunches } from './kiosk-api';
import type { PunchAnswer, QueuedPunch, ScanVia } from './punch-queue';
import { PunchSender, type SenderState } from './punch-sender';
import { type KioskStore, openKioskStore } from './punch-store';

/** How long a scan waits for the server before the kiosk says "saved, will send". */
const ANSWER_WAIT_MS = 4_000;

/** What the kiosk shows for one scan. */
export type PunchOutcome =
  | { kind: 'answered'; answer: PunchAnswer; at: number }
  | { kind: 'saved'; known: Pick<KioskStudent, 'name' | 'photoUrl'> | null; at: number }
  | { kind: 'failed'; at: number };

const INITIAL: SenderState = { waiting: 0, reachable: true, keyRefused: false, refused: 0 };

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** What the browser says about its network, kept up to date by its online/offline events. */
export function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(browserOnline);
  useEffect(() => {
    const update = () => setOnline(browserOnline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The kiosk's offline-first punch path: every scan is first written to
 * IndexedDB, then the sender posts waiting punches and deletes them once the server answered.
 * Waiting punches left by an earlier page (a power cut, a reload) are sent on load, and again
 * whenever the browser comes back online or the tablet wakes.
 */
export function usePunchQueue(deviceKey: string) {
  const [state, setState] = useState<SenderState>(INITIAL);
  const online = useBrowserOnline();
  const [storeFailed, setStoreFailed] = useState(false);
  const senderRef = useRef<PunchSender | null>(null);
  const storeRef = useRef<KioskStore | null>(null);

  useEffect(() => {
    let cancelled = false;
    let sender: PunchSender | null = null;
    openKioskStore().then(
      (store) => {
        if (cancelled) return;
        storeRef.current = store;
        sender = new PunchSender({
          store,
          deviceKey,
          post: (punches) => postPunches(deviceKey, punches),
          onState: setState,
          onSettled: (punch, answer) => {
            if (!answer.student) return;
            const { name, photoUrl } = answer.student;
            void store
              .rememberStudent({ deviceKey, code: punch.code, name, photoUrl })
              .catch(() => undefined);
          },
        });
        senderRef.current = sender;
        sender.wake();
      },
      () => {
        if (!cancelled) setStoreFailed(true);
      },
    );
    const handleOnline = () => senderRef.current?.online();
    const handleVisible = () => {
      if (document.visibilityState === 'visible') senderRef.current?.wake();
    };
    window.addEventListener('online', handleOnline);
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      cancelled = true;
      sender?.stop();
      senderRef.current = null;
      storeRef.current = null;
      window.removeEventListener('online', handleOnline);
      document.removeEventListener('visibilitychange', handleVisible);
    };
  }, [deviceKey]);

  const punch = useCallback(
    async (code: string, via: ScanVia, distance?: number): Promise<PunchOutcome> => {
      const queued: QueuedPunch = {
        clientId: newClientId(crypto),
        deviceKey,
        code,
        via,
        at: Date.now(),
        ...(distance === undefined ? {} : { distance }),
      };
      const store = storeRef.current;
      const sender = senderRef.current;
      if (!store || !sender) return sendDirectly(deviceKey, queued);
      try {
        await store.add(queued);
      } catch {
        return sendDirectly(deviceKey, queued);
      }
      const answer = sender.answerFor(queued.clientId, ANSWER_WAIT_MS);
      await sender.refreshCount();
      sender.wake();
      const answered = await answer;
      if (answered) return { kind: 'answered', answer: answered, at: queued.at };
      const known = await store.knownStudent(deviceKey, code).catch(() => undefined);
      return { kind: 'saved', known: known ?? null, at: queued.at };
    },
    [deviceKey],
  );

  return { state, online: online && state.reachable, storeFailed, punch };
}

/** Without IndexedDB (a locked-down browser) a scan can only be sent there and then. */
async function sendDirectly(deviceKey: string, punch: QueuedPunch): Promise<PunchOutcome> {
  try {
    const [answer] = await postPunches(deviceKey, [punch]);
    return answer ? { kind: 'answered', answer, at: punch.at } : { kind: 'failed', at: punch.at };
  } catch {
    return { kind: 'failed', at: punch.at };
  }
}
