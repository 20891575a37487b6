import { FACE_MODEL, faceEndpoints, type PublicFacePrintInfo } from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { call, endpointQuery } from '../../lib/api-client';
import { FACE_POSES } from '../../lib/face/face-geometry';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './face-print.module.css';
import { type CaptureResult, useFaceCapture } from './use-face-capture';

/**
 * `/create-face-recog-print?key=…&suid=…` (part 1 §1): the student or a parent registers the
 * student's face with the phone's camera. Consent first (who sees the data, how to delete it),
 * then three angles with a head-turn check; descriptors are computed here and only they are sent
 * (a photo too only when the account keeps one). Public, light, free of Ant Design.
 */
export function FacePrintPage() {
  const { t } = useTranslation(['faces', 'domain', 'errors']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const suid = params.get('suid') ?? '';
  useDocumentTitle(t('register.title'));
  const info = useQuery({
    ...endpointQuery(faceEndpoints.publicInfo, { query: { key, suid } }),
    enabled: key !== '' && suid !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const missing = key === '' || suid === '';
  const invalid = missing || (info.isError && info.error instanceof ApiError && info.error.status < 500);
  return (
    <section className={styles.page} aria-labelledby="face-title">
      <div className={styles.card}>
        <h1 id="face-title" className={styles.title}>
          {t('register.title')}
        </h1>
        {invalid || info.isError ? (
          <p className={styles.error} role="alert">
            {missing ? t('domain:FACE_LINK_INVALID') : translateError(t, info.error)}
          </p>
        ) : info.isPending ? (
          <div className={styles.spinner} role="status">
            <span className="bw-visually-hidden">{t('register.loading')}</span>
          </div>
        ) : (
          <Registration faceKey={key} suid={suid} info={info.data} />
        )}
      </div>
    </section>
  );
}

function Registration({ faceKey, suid, info }: { faceKey: string; suid: string; info: PublicFacePrintInfo }) {
  const { t } = useTranslation(['faces', 'domain', 'errors']);
  const [agreed, setAgreed] = useState(false);
  const [started, setStarted] = useState(false);
  const capture = useFaceCapture(info.keepPhoto);
  const agreeId = useId();
  const save = useMutation({
    mutationFn: (result: CaptureResult) =>
      call(faceEndpoints.publicSave, {
        body: { key: faceKey, suid, model: FACE_MODEL, ...result },
      }),
  });
  const { result } = capture;
  const { mutate } = save;
  useEffect(() => {
    if (result) mutate(result);
  }, [result, mutate]);

  const again = () => {
    save.reset();
    void capture.start();
  };

  if (save.isSuccess) {
    return (
      <>
        <p className={styles.success} role="status">
          {t('domain:FACE_PRINT_SAVED')}
        </p>
        <p className={styles.muted}>{t('register.doneBody')}</p>
        <div className={styles.actions}>
          <button type="button" className="bw-btn bw-btn--ghost" onClick={again}>
            {t('register.again')}
          </button>
        </div>
      </>
    );
  }

  if (!started) {
    return (
      <>
        <p className={styles.muted}>
          {t('register.for', { name: info.name, institution: info.institution })}
        </p>
        {info.registered && <p className={styles.muted}>{t('register.already')}</p>}
        <h2>{t('consent.title')}</h2>
        <ul className={styles.consent}>
          <li>{t('consent.what')}</li>
          <li>{info.keepPhoto ? t('consent.photoKept') : t('consent.noPhoto')}</li>
          <li>{t('consent.who', { institution: info.institution })}</li>
          <li>{t('consent.delete')}</li>
        </ul>
        <label className={styles.agree} htmlFor={agreeId}>
          <input
            id={agreeId}
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          {t('consent.agree')}
        </label>
        <div className={styles.actions}>
          <button
            type="button"
            className="bw-btn"
            disabled={!agreed}
            onClick={() => {
              setStarted(true);
              void capture.start();
            }}
          >
            {t('register.start')}
          </button>
        </div>
      </>
    );
  }

  const guide =
    capture.phase === 'loading'
      ? t('register.loadingModel')
      : capture.phase === 'finished'
        ? t('register.sending')
        : capture.seesFace
          ? t(`pose.${capture.pose}`)
          : t('register.noFace');
  return (
    <>
      <p className={styles.muted}>{t('register.guidance')}</p>
      {capture.phase === 'denied' && (
        <p className={styles.error} role="alert">
          {t('register.denied')}
        </p>
      )}
      {capture.phase === 'failed' && (
        <p className={styles.error} role="alert">
          {t('register.failed')}
        </p>
      )}
      {save.isError && (
        <p className={styles.error} role="alert">
          {translateError(t, save.error)}
        </p>
      )}
      <div className={styles.camera}>
        <video ref={capture.videoRef} playsInline muted aria-label={t('register.preview')} />
      </div>
      <p className={styles.guide} aria-live="polite" data-testid="face-guide">
        {guide}
      </p>
      <ol className={styles.steps} aria-label={t('register.angles')}>
        {FACE_POSES.map((pose, i) => (
          <li key={pose} data-done={i < capture.taken}>
            {t(`step.${pose}`)}
          </li>
        ))}
      </ol>
      {(capture.phase === 'failed' || capture.phase === 'denied' || save.isError) && (
        <div className={styles.actions}>
          <button type="button" className="bw-btn" onClick={again}>
            {t('register.retry')}
          </button>
        </div>
      )}
    </>
  );
}
