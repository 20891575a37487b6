import { type LivePhotoInfo, linkEndpoints, pictureFileError } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { endpointQuery, urlOf } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { uploadFile } from '../../lib/upload';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './student-links.module.css';
import { useCamera } from './use-camera';

type Step =
  | { kind: 'camera' }
  | { kind: 'review'; photo: Blob }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done' };

/**
 * `/take-picture?key=…`: a one-use link to take a student's photo with the phone's camera
 * (part 2 §2 "Student photo capture": capture, switch camera, retry), then upload it. A blocked
 * or missing camera falls back to choosing a photo; a used or expired key says so. Public and
 * free of Ant Design.
 */
export function TakePicturePage() {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  useDocumentTitle(t('photo.title'));
  const info = useQuery({
    ...endpointQuery(linkEndpoints.livePhotoInfo, { params: { key } }),
    enabled: key !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const invalid = key === '' || (info.isError && info.error instanceof ApiError && info.error.status < 500);
  return (
    <section className={styles.page} aria-labelledby="photo-title">
      <div className={styles.card}>
        <h1 id="photo-title" className={styles.title}>
          {t('photo.title')}
        </h1>
        {invalid ? (
          <p className={styles.error} role="alert">
            {key === '' ? t('domain:LIVE_PHOTO_LINK_INVALID') : translateError(t, info.error)}
          </p>
        ) : info.isError ? (
          <p className={styles.error} role="alert">
            {translateError(t, info.error)}
          </p>
        ) : info.isPending ? (
          <div className={styles.spinner} role="status">
            <span className="bw-visually-hidden">{t('photo.loading')}</span>
          </div>
        ) : (
          <PhotoCapture photoKey={key} info={info.data} />
        )}
      </div>
    </section>
  );
}

function PhotoCapture({ photoKey, info }: { photoKey: string; info: LivePhotoInfo }) {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const camera = useCamera();
  const [step, setStep] = useState<Step>({ kind: 'camera' });
  const [error, setError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (step.kind === 'review' ? URL.createObjectURL(step.photo) : null), [step]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const handleCapture = async () => {
    const photo = await camera.capture();
    if (!photo) return;
    camera.stop();
    setStep({ kind: 'review', photo });
  };

  const handleRetry = () => {
    setError(null);
    setStep({ kind: 'camera' });
    void camera.start();
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const typeError = pictureFileError(file.name);
    if (typeError) {
      setError(t(`domain:${typeError.code}`, { file: file.name }));
      return;
    }
    setError(null);
    camera.stop();
    setStep({ kind: 'review', photo: file });
  };

  const handleUpload = async (photo: Blob) => {
    setError(null);
    setStep({ kind: 'uploading', percent: 0 });
    try {
      const file =
        photo instanceof File ? photo : new File([photo], 'live-photo.jpg', { type: 'image/jpeg' });
      await uploadFile(urlOf(linkEndpoints.livePhotoUpload, { params: { key: photoKey } }), file, {
        onProgress: (percent) => setStep({ kind: 'uploading', percent }),
      });
      setStep({ kind: 'done' });
    } catch (cause) {
      setError(translateError(t, cause));
      // The link is spent (or gone): nothing left to retry with it.
      if (cause instanceof ApiError && (cause.status === 404 || cause.status === 410)) setSpent(true);
      setStep({ kind: 'review', photo });
    }
  };

  const who = [info.name, info.customId, info.institution].filter(Boolean).join(' · ');
  const chooseFile = (
    <>
      <input
        ref={fileInput}
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        capture="user"
        className="bw-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={handleFile}
      />
      <button type="button" className="bw-btn bw-btn--ghost" onClick={() => fileInput.current?.click()}>
        {t('photo.chooseFile')}
      </button>
    </>
  );

  if (step.kind === 'done') {
    return (
      <>
        <p className={styles.muted}>{who}</p>
        <p className={styles.success} role="status">
          {t('domain:LIVE_PHOTO_SAVED')}
        </p>
        <p className={styles.muted}>{t('photo.doneBody')}</p>
      </>
    );
  }

  return (
    <>
      <p className={styles.muted}>{t('photo.for', { who })}</p>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {camera.state === 'denied' && step.kind === 'camera' ? (
        <p className={styles.error} role="alert">
          {t('photo.denied')}
        </p>
      ) : null}
      {camera.state === 'unavailable' && step.kind === 'camera' ? (
        <p className={styles.error} role="alert">
          {t('photo.unavailable')}
        </p>
      ) : null}
      <div
        className={styles.camera}
        hidden={step.kind === 'camera' && camera.state !== 'live' && camera.state !== 'starting'}
      >
        {step.kind === 'camera' ? (
          <video
            ref={camera.videoRef}
            playsInline
            muted
            className={camera.facing === 'user' ? styles.mirrored : undefined}
            aria-label={t('photo.preview')}
          />
        ) : preview ? (
          <img src={preview} alt={t('photo.captured')} />
        ) : null}
      </div>
      {step.kind === 'uploading' ? (
        <div aria-live="polite">
          <p className={styles.muted} style={{ margin: '12px 0 0' }}>
            {t('photo.uploading', { percent: step.percent })}
          </p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-valuenow={step.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${step.percent}%` }} />
          </div>
        </div>
      ) : null}
      <div className={styles.actions}>
        {step.kind === 'camera' && camera.state === 'live' ? (
          <>
            <button type="button" className="bw-btn bw-btn--primary" onClick={() => void handleCapture()}>
              {t('photo.capture')}
            </button>
            {camera.canSwitch ? (
              <button type="button" className="bw-btn bw-btn--ghost" onClick={camera.switchCamera}>
                {t('photo.switch')}
              </button>
            ) : null}
          </>
        ) : null}
        {step.kind === 'camera' && camera.state !== 'live' ? (
          <>
            <button
              type="button"
              className="bw-btn bw-btn--primary"
              disabled={camera.state === 'starting'}
              onClick={() => void camera.start()}
            >
              {camera.state === 'idle' || camera.state === 'starting' ? t('photo.open') : t('photo.tryAgain')}
            </button>
            {chooseFile}
          </>
        ) : null}
        {step.kind === 'review' && !spent ? (
          <>
            <button
              type="button"
              className="bw-btn bw-btn--primary"
              onClick={() => void handleUpload(step.photo)}
            >
              {t('photo.upload')}
            </button>
            <button type="button" className="bw-btn bw-btn--ghost" onClick={handleRetry}>
              {t('photo.retry')}
            </button>
          </>
        ) : null}
      </div>
    </>
  );
}
