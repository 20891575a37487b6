import type { KioskStudent } from '@batchwise/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { playSound, unlockSound } from './beep';
import { failureKind, identifyCode } from './kiosk-api';
import { cleanCode, createScanDebouncer, type ScanVia } from './punch-queue';
import type { PunchOutcome } from './use-punch-queue';

/** The same code again within this window is the same scan (a card held up to the camera). */
const REPEAT_WINDOW_MS = 4_000;
/** How long a scan's result stays up before the kiosk asks for the next card. */
const FEEDBACK_MS = 7_000;

export type Feedback =
  | { kind: 'idle' }
  | { kind: 'checking'; code: string }
  | {
      kind: 'student';
      student: KioskStudent;
      at: number;
      direction?: 'entry' | 'exit';
      duplicate?: boolean;
      identified?: boolean;
      /** Logged, but the timetable has no class for the student now. */
      noClass?: boolean;
    }
  | { kind: 'unknown'; code: string }
  /** Face mode: a face no registered one is close enough to (or two are): no name is guessed. */
  | { kind: 'unsure' }
  | { kind: 'saved'; name: string | null; at: number }
  | { kind: 'failed' }
  | { kind: 'identify-offline' };

/** Turns a punch's outcome into what the kiosk shows. */
export function punchFeedback(code: string, outcome: PunchOutcome): Feedback {
  if (outcome.kind === 'failed') return { kind: 'failed' };
  if (outcome.kind === 'saved') return { kind: 'saved', name: outcome.known?.name ?? null, at: outcome.at };
  const { answer } = outcome;
  if (answer.outcome === 'unknown' || !answer.student) return { kind: 'unknown', code };
  return {
    kind: 'student',
    student: answer.student,
    at: answer.at ?? outcome.at,
    direction: answer.direction,
    duplicate: answer.outcome === 'duplicate',
    noClass: answer.noClass === true,
  };
}

function soundOf(feedback: Feedback) {
  if (feedback.kind === 'student') return feedback.direction === 'exit' ? 'exit' : 'entry';
  if (feedback.kind === 'saved') return 'saved';
  if (feedback.kind === 'checking' || feedback.kind === 'idle') return null;
  return 'unknown';
}

/**
 * One handler for every input (card reader, camera, NFC): drops repeats, shows "checking", then
 * the result with a sound, and returns to the prompt after a while. A later scan's result is
 * never replaced by an earlier scan's slow answer.
 */
export function useScanHandler(run: (code: string, via: ScanVia, distance?: number) => Promise<Feedback>) {
  const [feedback, setFeedback] = useState<Feedback>({ kind: 'idle' });
  const accept = useMemo(() => createScanDebouncer(REPEAT_WINDOW_MS), []);
  const latest = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  /** Shows a result, with its sound, until the next scan or the prompt's return. */
  const show = useCallback((turn: number, result: Feedback) => {
    if (turn !== latest.current) return;
    setFeedback(result);
    const sound = soundOf(result);
    if (sound) playSound(sound);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      if (turn === latest.current) setFeedback({ kind: 'idle' });
    }, FEEDBACK_MS);
  }, []);

  const handleScan = useCallback(
    async (raw: string, via: ScanVia, distance?: number) => {
      const code = cleanCode(raw);
      if (!code || !accept(code, Date.now())) return;
      const turn = ++latest.current;
      clearTimeout(clearTimer.current);
      setFeedback({ kind: 'checking', code });
      show(turn, await runRef.current(code, via, distance));
    },
    [accept, show],
  );

  /** A face the kiosk is not sure of: said at once, in place of whatever was shown. */
  const handleUnsure = useCallback(() => show(++latest.current, { kind: 'unsure' }), [show]);

  // Audio may start only after a gesture on the page; any tap or key press counts.
  useEffect(() => {
    window.addEventListener('pointerdown', unlockSound);
    window.addEventListener('keydown', unlockSound);
    return () => {
      window.removeEventListener('pointerdown', unlockSound);
      window.removeEventListener('keydown', unlockSound);
    };
  }, []);

  return { feedback, handleScan, handleUnsure };
}

/** `/sentinel-identify`: who holds a code, recorded nowhere; needs the network. */
export async function identifyFeedback(
  deviceKey: string,
  code: string,
  onKeyRefused: () => void,
): Promise<Feedback> {
  if (!navigator.onLine) return { kind: 'identify-offline' };
  try {
    const answer = await identifyCode(deviceKey, code);
    return answer.outcome === 'found' && answer.student
      ? { kind: 'student', student: answer.student, at: Date.now(), identified: true }
      : { kind: 'unknown', code };
  } catch (error) {
    const kind = failureKind(error);
    if (kind === 'key') onKeyRefused();
    return kind === 'network' || kind === 'retry' ? { kind: 'identify-offline' } : { kind: 'failed' };
  }
}
