import {
  type InterfaceLanguage,
  ONBOARDING_LIMITS,
  type OnboardingCheck,
  type OnboardingImported,
  onboardingEndpoints,
} from '@batchwise/domain';
import { urlOf } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { canOnboard } from '../../lib/onboarding-access';
import { uploadFile } from '../../lib/upload';

export type { OnboardingCheck, OnboardingImported };
export { canOnboard };
export type OnboardingStudent = OnboardingCheck['students'][number];
export type OnboardingProblem = OnboardingCheck['errors'][number];

export const ONBOARDING_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
export const ONBOARDING_MAX_MB = ONBOARDING_LIMITS.fileBytes / (1024 * 1024);

/** The client-side check of a picked file, before anyone waits for an upload the server refuses. */
export function fileProblem(file: File): 'SHEET_FILE_TYPE' | 'SHEET_TOO_LARGE' | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'SHEET_FILE_TYPE';
  if (file.size > ONBOARDING_LIMITS.fileBytes) return 'SHEET_TOO_LARGE';
  return null;
}

export const onboardingApi = {
  downloadTemplate: (accountId: string, lang: InterfaceLanguage) =>
    downloadFile(urlOf(onboardingEndpoints.onboardingTemplate, { params: { accountId }, query: { lang } }), {
      fallbackName: 'Batchwise-OnBoarding-Template.xlsx',
    }),
  /** Reads and checks the file; nothing is written. */
  check: (accountId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFile<OnboardingCheck>(urlOf(onboardingEndpoints.onboardingCheck, { params: { accountId } }), file, {
      onProgress,
    }),
  /** Sends the same file again: the server checks it once more and writes everyone or no one. */
  import: (accountId: string, file: File, welcomeSms: boolean, onProgress: (percent: number) => void) =>
    uploadFile<OnboardingImported>(
      urlOf(onboardingEndpoints.onboardingImport, {
        params: { accountId },
        query: { welcomeSms: welcomeSms ? 'true' : 'false' },
      }),
      file,
      { onProgress },
    ),
};
