import { CSRF_HEADER, EDUCAST_CHUNK_MS, type Educast, educastEndpoints } from '@batchwise/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR, toApiError } from '../../lib/api';
import { call, urlOf } from '../../lib/api-client';
import { type EducastSource, recordingType } from './capture';

export type RecorderPhase = 'idle' | 'recording' | 'paused' | 'stopping' | 'done';

/** A failed chunk is sent again after this long, for as long as the page is open. */
const RETRY_MS = 2000;

interface Chunk {
  seq: number;
  atMs: number;
  blob: Blob;
}

/** A server answer that no retry can change (another tab stopped it, the account is gone). */
const isFinal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

async function sendChunk(accountId: string, educastId: string, chunk: Chunk): Promise<void> {
  const url = urlOf(educastEndpoints.chunk, {
    params: { accountId, educastId, seq: chunk.seq },
    query: { atMs: Math.round(chunk.atMs) },
  });
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', [CSRF_HEADER]: '1', Accept: 'application/json' },
      body: chunk.blob,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached.');
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
}

/**
 * Records a stream with MediaRecorder and sends it as it is made: every EDUCAST_CHUNK_MS a chunk
 * goes into a queue that is sent in order, each retried until the server has it, so a tab that
 * crashes loses at most the chunk in hand and the server keeps a playable beginning. Stop waits
 * for the queue to empty, then ends the recording on the server. The elapsed time leaves out
 * pauses (MediaRecorder's own pause leaves them out of the file too).
 */
export function useEducastRecorder(accountId: string) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [waiting, setWaiting] = useState(0);
  const [error, setError] = useState<unknown>();
  const [educast, setEducast] = useState<Educast>();
  const run = useRef({
    recorder: undefined as MediaRecorder | undefined,
    educastId: '',
    seq: 0,
    queue: [] as Chunk[],
    sending: false,
    stopped: false,
    accumulated: 0,
    resumedAt: 0,
  });

  const elapsed = useCallback(() => {
    const r = run.current;
    return r.accumulated + (r.resumedAt ? performance.now() - r.resumedAt : 0);
  }, []);

  const finishIfDone = useCallback(async () => {
    const r = run.current;
    if (!r.stopped || r.queue.length > 0 || r.sending) return;
    try {
      setEducast(
        await call(educastEndpoints.finish, { params: { accountId, educastId: r.educastId }, body: {} }),
      );
      setPhase('done');
    } catch (failure) {
      setError(failure);
    }
  }, [accountId]);

  const pump = useCallback(async () => {
    const r = run.current;
    if (r.sending) return;
    r.sending = true;
    while (r.queue.length > 0) {
      try {
        await sendChunk(accountId, r.educastId, r.queue[0]!);
        r.queue.shift();
        setWaiting(r.queue.length);
        setError(undefined);
      } catch (failure) {
        setError(failure);
        if (isFinal(failure)) break;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    r.sending = false;
    await finishIfDone();
  }, [accountId, finishIfDone]);

  const start = useCallback(
    async (stream: MediaStream, source: EducastSource, title?: string) => {
      const type = recordingType();
      setError(undefined);
      const created = await call(educastEndpoints.start, {
        params: { accountId },
        body: { source, ...(title ? { title } : {}) },
      });
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      run.current = {
        recorder,
        educastId: created.id,
        seq: 0,
        queue: [],
        sending: false,
        stopped: false,
        accumulated: 0,
        resumedAt: performance.now(),
      };
      recorder.ondataavailable = (event) => {
        const r = run.current;
        if (event.data.size === 0) return;
        r.queue.push({ seq: r.seq++, atMs: elapsed(), blob: event.data });
        setWaiting(r.queue.length);
        void pump();
      };
      recorder.onstop = () => {
        run.current.stopped = true;
        void finishIfDone();
      };
      recorder.start(EDUCAST_CHUNK_MS);
      setEducast(created);
      setPhase('recording');
    },
    [accountId, elapsed, finishIfDone, pump],
  );

  const pause = useCallback(() => {
    const r = run.current;
    r.recorder?.pause();
    r.accumulated = elapsed();
    r.resumedAt = 0;
    setPhase('paused');
  }, [elapsed]);

  const resume = useCallback(() => {
    run.current.recorder?.resume();
    run.current.resumedAt = performance.now();
    setPhase('recording');
  }, []);

  const stop = useCallback(() => {
    const r = run.current;
    r.accumulated = elapsed();
    r.resumedAt = 0;
    setElapsedMs(r.accumulated);
    setPhase('stopping');
    if (r.recorder?.state !== 'inactive') r.recorder?.stop();
  }, [elapsed]);

  /** Ready for the next lesson once one is saved. */
  const reset = useCallback(() => {
    setPhase('idle');
    setElapsedMs(0);
    setEducast(undefined);
    setError(undefined);
  }, []);

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => setElapsedMs(elapsed()), 250);
    return () => clearInterval(timer);
  }, [phase, elapsed]);

  // Leaving while chunks are unsent would lose them: the browser asks first.
  useEffect(() => {
    if (phase === 'idle' || phase === 'done') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  return { phase, elapsedMs, waiting, error, educast, start, pause, resume, stop, reset };
}
