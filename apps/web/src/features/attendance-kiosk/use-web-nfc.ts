import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Web NFC (integrations research §4.2): Chrome on Android 89+ only, over HTTPS, started by a
 * user gesture. The tag's serial number (its UID, e.g. `04:a2:5b:1a:2c:5e:80`) is the code;
 * NDEF records are not read. The browser's own types do not describe NDEFReader yet.
 */
interface NdefReadingEvent extends Event {
  readonly serialNumber: string;
}

interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}

type NdefReaderConstructor = new () => NdefReader;

export type NfcState = 'unsupported' | 'idle' | 'starting' | 'listening' | 'denied' | 'failed';

function readerClass(): NdefReaderConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { NDEFReader?: NdefReaderConstructor }).NDEFReader;
}

export function useWebNfc(onSerial: (serial: string) => void) {
  const [state, setState] = useState<NfcState>(() => (readerClass() ? 'idle' : 'unsupported'));
  const abortRef = useRef<AbortController | null>(null);
  const onSerialRef = useRef(onSerial);
  onSerialRef.current = onSerial;

  const start = useCallback(async () => {
    const Reader = readerClass();
    if (!Reader) {
      setState('unsupported');
      return;
    }
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    setState('starting');
    try {
      const reader = new Reader();
      reader.addEventListener('reading', (event) => {
        const serial = (event as NdefReadingEvent).serialNumber;
        if (serial) onSerialRef.current(serial);
      });
      await reader.scan({ signal: abort.signal });
      setState('listening');
    } catch (error) {
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      setState(
        name === 'NotAllowedError' ? 'denied' : name === 'NotSupportedError' ? 'unsupported' : 'failed',
      );
    }
  }, []);

  useEffect(() => () => abortRef.current?.abort(), []);

  return { state, start };
}
