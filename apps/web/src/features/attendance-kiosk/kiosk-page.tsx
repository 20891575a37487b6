import { type KioskDevice, STUDENT_QR_PREFIX } from '@batchwise/domain';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './kiosk.module.css';
import { KioskFeedback } from './kiosk-feedback';
import { KioskHeader } from './kiosk-header';
import { NfcPanel } from './nfc-panel';
import type { ScanVia } from './punch-queue';
import { RfidField } from './rfid-field';
import { useFaceGallery } from './use-face-gallery';
import { useKioskDevice } from './use-kiosk-device';
import { useBrowserOnline, usePunchQueue } from './use-punch-queue';
import { type Feedback, identifyFeedback, punchFeedback, useScanHandler } from './use-scan-handler';

// The camera and its QR decoder load after the kiosk has painted (the attendance capability: a cheap tablet).
const QrCamera = lazy(() => import('./qr-camera'));
// Face mode's camera brings the face model: loaded only when a kiosk is switched to faces.
const FaceCamera = lazy(() => import('./face-camera'));

/** Where a tablet remembers that it recognises faces (or `?face=1` in its link). */
const FACE_MODE_KEY = 'bw-kiosk-face-mode';

function useFaceMode(fromLink: boolean): [boolean, () => void] {
  const [on, setOn] = useState(() => {
    try {
      return fromLink || window.localStorage.getItem(FACE_MODE_KEY) === '1';
    } catch {
      return fromLink;
    }
  });
  const toggle = () =>
    setOn((was) => {
      try {
        window.localStorage.setItem(FACE_MODE_KEY, was ? '0' : '1');
      } catch {
        // A browser without storage: the choice lasts until the page closes.
      }
      return !was;
    });
  return [on, toggle];
}

/**
 * - `scanner`: `/access-control-qr-scanner` (and `-nimic`): camera, card reader, NFC if present.
 * - `nfc`: `/nfc-control-hub`: Web NFC first; the camera starts on request.
 * - `identify`: `/sentinel-identify`: says whose a card or face is and records nothing.
 * Each can be switched to faces (`?face=1`, or its button): the camera then matches faces
 * against the account's registrations instead of reading QR codes.
 */
export type KioskMode = 'scanner' | 'nfc' | 'identify';

/** Keeps the page from scrolling behind the full-screen kiosk while it is open. */
function useNoPageScroll() {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);
}

/**
 * The attendance kiosk of the attendance capability, opened with a device key the owner issued
 * (`?key=…`). Public and free of Ant Design; it covers the plain layout's frame, since a kiosk
 * tablet shows nothing else.
 */
export function KioskPage({ mode }: { mode: KioskMode }) {
  const { t } = useTranslation('kiosk');
  const [params] = useSearchParams();
  const deviceKey = (params.get('key') ?? '').trim();
  const { device, invalid, unreachable } = useKioskDevice(deviceKey);
  useDocumentTitle(t(mode === 'identify' ? 'identifyTitle' : 'title'));
  useNoPageScroll();

  if (invalid) return <KioskMessage title={t('invalid.title')} body={t('invalid.body')} alert />;
  if (!device) {
    return unreachable ? (
      <KioskMessage title={t('unreachable.title')} body={t('unreachable.body')} />
    ) : (
      <KioskMessage title={t('loading')} busy />
    );
  }
  return mode === 'identify' ? (
    <IdentifyKiosk deviceKey={deviceKey} device={device} faceFromLink={params.get('face') === '1'} />
  ) : (
    <PunchKiosk deviceKey={deviceKey} device={device} mode={mode} faceFromLink={params.get('face') === '1'} />
  );
}

function PunchKiosk({
  deviceKey,
  device,
  mode,
  faceFromLink,
}: {
  deviceKey: string;
  device: KioskDevice;
  mode: KioskMode;
  faceFromLink: boolean;
}) {
  const { t } = useTranslation('kiosk');
  const queue = usePunchQueue(deviceKey);
  const { punch } = queue;
  const run = useCallback(
    async (code: string, via: ScanVia, distance?: number): Promise<Feedback> =>
      punchFeedback(code, await punch(code, via, distance)),
    [punch],
  );
  const { feedback, handleScan, handleUnsure } = useScanHandler(run);
  if (queue.state.keyRefused)
    return <KioskMessage title={t('invalid.title')} body={t('invalid.body')} alert />;
  return (
    <KioskLayout
      device={device}
      online={queue.online}
      waiting={queue.state.waiting}
      feedback={feedback}
      prompt={t(mode === 'nfc' ? 'promptNfc' : 'prompt')}
      mode={mode}
      onScan={handleScan}
      onUnsure={handleUnsure}
      deviceKey={deviceKey}
      faceFromLink={faceFromLink}
      notice={queue.storeFailed ? t('storeFailed') : undefined}
    />
  );
}

function IdentifyKiosk({
  deviceKey,
  device,
  faceFromLink,
}: {
  deviceKey: string;
  device: KioskDevice;
  faceFromLink: boolean;
}) {
  const { t } = useTranslation('kiosk');
  const online = useBrowserOnline();
  const [keyRefused, setKeyRefused] = useState(false);
  const run = useCallback(
    (code: string) => identifyFeedback(deviceKey, code, () => setKeyRefused(true)),
    [deviceKey],
  );
  const { feedback, handleScan, handleUnsure } = useScanHandler(run);
  if (keyRefused) return <KioskMessage title={t('invalid.title')} body={t('invalid.body')} alert />;
  return (
    <KioskLayout
      device={device}
      online={online}
      waiting={null}
      feedback={feedback}
      prompt={t('promptIdentify')}
      mode="identify"
      onScan={handleScan}
      onUnsure={handleUnsure}
      deviceKey={deviceKey}
      faceFromLink={faceFromLink}
    />
  );
}

function KioskLayout({
  device,
  online,
  waiting,
  feedback,
  prompt,
  mode,
  onScan,
  onUnsure,
  deviceKey,
  faceFromLink,
  notice,
}: {
  device: KioskDevice;
  online: boolean;
  waiting: number | null;
  feedback: Feedback;
  prompt: string;
  mode: KioskMode;
  onScan: (code: string, via: ScanVia, distance?: number) => void;
  onUnsure: () => void;
  deviceKey: string;
  faceFromLink: boolean;
  notice?: string;
}) {
  const { t } = useTranslation('kiosk');
  const titleId = useId();
  const [faceMode, toggleFaceMode] = useFaceMode(faceFromLink);
  const gallery = useFaceGallery(deviceKey, faceMode);
  return (
    // A full-screen dialog over the plain layout: assistive technology reads the kiosk alone.
    <div
      className={styles.kiosk}
      data-testid="kiosk"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <KioskHeader
        titleId={titleId}
        institution={device.institution}
        deviceName={device.deviceName}
        online={online}
        waiting={waiting}
      />
      {notice && (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      )}
      <div className={styles.body}>
        <KioskFeedback feedback={feedback} prompt={prompt} institution={device.institution} />
        <div className={styles.inputs}>
          {mode === 'nfc' && <NfcPanel primary onSerial={(serial) => onScan(serial, 'nfc')} />}
          <button
            type="button"
            className="bw-btn bw-btn--ghost"
            aria-pressed={faceMode}
            onClick={toggleFaceMode}
            data-testid="kiosk-face-mode"
          >
            {faceMode ? t('face.useQr') : t('face.use')}
          </button>
          <Suspense
            fallback={<div className={styles.camera} data-state={mode === 'nfc' ? 'idle' : 'starting'} />}
          >
            {faceMode ? (
              <FaceCamera
                gallery={gallery}
                onMatch={(id, distance) => onScan(`${STUDENT_QR_PREFIX}${id}`, 'face', distance)}
                onUnsure={onUnsure}
              />
            ) : (
              <QrCamera autoStart={mode !== 'nfc'} onCode={(code) => onScan(code, 'qr')} />
            )}
          </Suspense>
          {mode !== 'nfc' && <NfcPanel onSerial={(serial) => onScan(serial, 'nfc')} />}
          <RfidField onCode={(code) => onScan(code, 'rfid')} />
        </div>
      </div>
    </div>
  );
}

function KioskMessage({
  title,
  body,
  alert,
  busy,
}: {
  title: string;
  body?: string;
  alert?: boolean;
  busy?: boolean;
}) {
  const titleId = useId();
  return (
    <div
      className={`${styles.kiosk} ${styles.message}`}
      data-testid="kiosk-message"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <div className={styles.messageTools}>
        <LanguageSwitch />
      </div>
      <div className={styles.messageBox} role={alert ? 'alert' : 'status'} aria-busy={busy || undefined}>
        <h1 id={titleId} className={styles.messageTitle}>
          {title}
        </h1>
        {body && <p className={styles.messageBody}>{body}</p>}
      </div>
    </div>
  );
}
