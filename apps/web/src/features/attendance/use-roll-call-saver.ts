import type { AttendanceStatus } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveRollCall, storeSavedSession } from './attendance-api';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** Taps closer together than this go to the server as one save. */
const DEBOUNCE_MS = 500;

/**
 * Autosave of one session's roll call: each tap shows at once (kept here until the server has it)
 * and is sent shortly after, taps in quick succession together; a failed save keeps its marks and
 * is sent again with the next tap or on "Retry". Leaving the session sends what is still waiting.
 */
export function useRollCallSaver(
  ref: { accountId: string; classroomId: string },
  date: string,
  start: string,
) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<Record<string, AttendanceStatus>>({});
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);
  const pending = useRef(new Map<string, AttendanceStatus>());
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { accountId, classroomId } = ref;

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current || pending.current.size === 0) return;
    const batch = new Map(pending.current);
    pending.current.clear();
    inFlight.current = true;
    setState('saving');
    let failed = false;
    try {
      const result = await saveRollCall(
        { accountId, classroomId },
        { date, start, marks: [...batch].map(([studentId, status]) => ({ studentId, status })) },
      );
      storeSavedSession(queryClient, { accountId, classroomId }, date, result.session);
      setLocal((previous) => {
        const next = { ...previous };
        for (const [id, status] of batch)
          if (next[id] === status && !pending.current.has(id)) delete next[id];
        return next;
      });
      setError(null);
    } catch (caught) {
      failed = true;
      // Put the marks back unless a newer tap replaced them; they go with the next save.
      for (const [id, status] of batch) if (!pending.current.has(id)) pending.current.set(id, status);
      setError(caught);
    } finally {
      inFlight.current = false;
    }
    if (failed) setState('error');
    else if (pending.current.size > 0) await flush();
    else setState('saved');
  }, [accountId, classroomId, date, start, queryClient]);

  const latestFlush = useRef(flush);
  latestFlush.current = flush;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      void latestFlush.current();
    },
    [],
  );

  /** Sets marks on screen now and saves them soon (`now`: at once, e.g. "all present"). */
  const mark = useCallback((marks: readonly (readonly [string, AttendanceStatus])[], now = false) => {
    if (marks.length === 0) return;
    for (const [id, status] of marks) pending.current.set(id, status);
    setLocal((previous) => ({ ...previous, ...Object.fromEntries(marks) }));
    setState('saving');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void latestFlush.current(), now ? 0 : DEBOUNCE_MS);
  }, []);

  return { local, state, error, mark, retry: () => void flush() };
}
