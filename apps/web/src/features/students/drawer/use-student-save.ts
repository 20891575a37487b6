import { ERROR_TOAST_MS, type StudentSaveInput, studentSaveSchema } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { translateError } from '../../../lib/translate-error';
import { uploadFile } from '../../../lib/upload';
import { refreshStudents, type StudentSaveResult, studentApi } from '../student-api';

const CLASH_CODES = new Set(['STUDENT_CLASH', 'STUDENT_CLASH_IN_TEACHER']);

export type SaveOutcome = 'saved' | 'stay' | 'close';

/**
 * The save flow of part 2 §4 against our API: progress 1 at the start; the save itself (student,
 * parents and every classroom in one server transaction, clash checks included) answers → 20;
 * a clash is shown for 5 seconds and stops the save; a new picture uploads at 30 and is done at
 * 60; 65 (with a picture) or 80 (without) while the lists refresh; 100, then the success message.
 * A failed save changes nothing on the server; its error shows and the drawer closes.
 */
export function useStudentSave() {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [clash, setClash] = useState<string | null>(null);

  const run = async (request: {
    accountId: string;
    studentId: string | null;
    payload: StudentSaveInput;
    photo: File | null;
  }): Promise<{ outcome: SaveOutcome; result?: StudentSaveResult }> => {
    const { accountId, studentId, payload, photo } = request;
    // The server checks the same contract; parsing here first spares a round trip.
    const parsed = studentSaveSchema.safeParse(payload);
    if (!parsed.success) return { outcome: 'stay' };
    setProgress(1);
    setClash(null);
    let result: StudentSaveResult;
    try {
      result = studentId
        ? await studentApi.save(accountId, studentId, payload)
        : await studentApi.create(accountId, payload);
    } catch (error) {
      setProgress(null);
      const text = translateError(t, error);
      if (error instanceof ApiError && CLASH_CODES.has(error.code)) {
        message.error({ content: text, duration: ERROR_TOAST_MS / 1000, key: 'student-clash' });
        setClash(text);
        setTimeout(() => setClash((current) => (current === text ? null : current)), ERROR_TOAST_MS);
        return { outcome: 'stay' };
      }
      message.error({ content: text, duration: ERROR_TOAST_MS / 1000 });
      // A refused field (400) can be fixed in place; anything else ends the edit (part 2 §8).
      return { outcome: error instanceof ApiError && error.status === 400 ? 'stay' : 'close' };
    }
    if (!result?.student) {
      setProgress(null);
      message.error(t('domain:STUDENT_UPDATE_NO_DATA', { error: '' }));
      return { outcome: 'close' };
    }
    setProgress(20);
    if (photo) {
      setProgress(30);
      setUploadPercent(0);
      try {
        await uploadFile(studentApi.photoPath(result.student.accountId, result.student.id), photo, {
          onProgress: setUploadPercent,
        });
        message.success(t('drawer.photo.uploaded'));
      } catch (error) {
        message.error({
          content:
            error instanceof ApiError && error.status === 0
              ? t('domain:PICTURE_UPLOAD_FAILED')
              : translateError(t, error),
          duration: ERROR_TOAST_MS / 1000,
        });
      }
      setUploadPercent(null);
      setProgress(60);
    }
    setProgress(photo ? 65 : 80);
    await refreshStudents(queryClient);
    setProgress(100);
    message.success(t(`domain:${result.code}`, { defaultValue: result.message }));
    setProgress(null);
    return { outcome: 'saved', result };
  };

  return { run, progress, uploadPercent, clash, saving: progress !== null };
}
