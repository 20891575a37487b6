import { admissionPictureError, pictureFileError } from '@batchwise/domain';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { uploadAdmissionPicture } from './admission-api';
import styles from './fields.module.css';
import type { StepProps } from './step-props';
import type { ShowToast } from './toast';

interface PictureStepProps extends StepProps {
  readonly linkKey: string;
  readonly showToast: ShowToast;
  readonly onUploadingChange: (uploading: boolean) => void;
}

/**
 * Page 3: one png, jpg or jpeg picture, checked here by its name, uploaded at once with progress
 * toasts (part 1 §4 "Upload status"), and shown back as a preview.
 */
export function PictureStep(props: PictureStepProps) {
  const { info, answers, update, touch, errorFor, linkKey, showToast, onUploadingChange } = props;
  const { t } = useTranslation(['admission', 'domain', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    touch('picture');
    if (!chosen) return;
    const typeError = pictureFileError(chosen.name);
    if (typeError) {
      setFileError(t(`domain:${typeError.code}`, { file: chosen.name }));
      showToast(t(`domain:${typeError.code}`, { file: chosen.name }), 'error');
      return;
    }
    setFileError(null);
    setPercent(0);
    onUploadingChange(true);
    showToast(t('picture.uploading'), 'info', true);
    try {
      const { avatarUrl } = await uploadAdmissionPicture(linkKey, chosen, {
        onProgress: (done) => {
          setPercent(done);
          showToast(t('picture.progress', { percent: done }), 'info', true);
        },
      });
      setFile(chosen);
      update({ pictureName: chosen.name, avatarUrl });
      showToast(t('picture.done'), 'success');
    } catch (cause) {
      const message = translateError(t, cause);
      setFile(null);
      update({ pictureName: '', avatarUrl: '' });
      setFileError(message);
      showToast(message, 'error');
    } finally {
      setPercent(null);
      onUploadingChange(false);
    }
  };

  const uploading = percent !== null;
  const shown = preview ?? (answers.avatarUrl || null);
  const error = fileError ?? errorFor('picture', admissionPictureError(answers.pictureName, info.settings));
  return (
    <div className={styles.field}>
      <div className={styles.picture}>
        {shown ? (
          <img src={shown} alt={t('picture.preview')} className={styles.pictureImage} />
        ) : (
          <span className={styles.picturePlaceholder}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="48"
              height="48"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
            </svg>
          </span>
        )}
      </div>
      <label className={`bw-btn bw-btn--ghost ${styles.fileButton}`} data-disabled={uploading || undefined}>
        {shown ? t('picture.change') : t('picture.choose')}
        <input
          id="admission-picture"
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          className="bw-visually-hidden"
          disabled={uploading}
          aria-describedby={`admission-picture-hint${error ? ' admission-picture-error' : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void handleFile(event)}
        />
      </label>
      <p id="admission-picture-hint" className={`${styles.hint} ${styles.center}`}>
        {t('picture.hint')}
      </p>
      {uploading ? (
        <div
          className={styles.uploadBar}
          role="progressbar"
          aria-label={t('picture.uploading')}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {error ? (
        <p id="admission-picture-error" className={`${styles.fieldError} ${styles.center}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
