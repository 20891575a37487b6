/**
 * The kiosk's sounds, made with Web Audio (no audio files to fetch): a rising pair of notes for
 * an entry, a falling pair for an exit, one note for "saved, will send", a low double buzz for a
 * card nobody holds. A browser lets audio start only after a tap or key press on the page;
 * `unlockSound` is called on each, so the first scan after one is heard.
 */

export type Sound = 'entry' | 'exit' | 'saved' | 'unknown';

const NOTES: Record<Sound, { frequency: number; start: number; length: number; wave: OscillatorType }[]> = {
  entry: [
    { frequency: 660, start: 0, length: 0.12, wave: 'sine' },
    { frequency: 990, start: 0.13, length: 0.18, wave: 'sine' },
  ],
  exit: [
    { frequency: 990, start: 0, length: 0.12, wave: 'sine' },
    { frequency: 660, start: 0.13, length: 0.18, wave: 'sine' },
  ],
  saved: [{ frequency: 820, start: 0, length: 0.16, wave: 'triangle' }],
  unknown: [
    { frequency: 200, start: 0, length: 0.14, wave: 'square' },
    { frequency: 200, start: 0.2, length: 0.14, wave: 'square' },
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/** Resumes audio inside a user gesture (browsers keep it suspended until one). */
export function unlockSound(): void {
  const ctx = audio();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
}

export function playSound(sound: Sound): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const now = ctx.currentTime;
  for (const note of NOTES[sound]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = note.wave;
    oscillator.frequency.value = note.frequency;
    // A short fade in and out: a hard start or stop of a tone clicks.
    gain.gain.setValueAtTime(0.0001, now + note.start);
    gain.gain.exponentialRampToValueAtTime(0.3, now + note.start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + note.start + note.length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(now + note.start);
    oscillator.stop(now + note.start + note.length + 0.02);
  }
}
