import { capitalize, type Wording, wording } from '@batchwise/domain';
import { useLanguage } from './use-language';

export type { Wording };

/**
 * The account type's words (classroom/student/institution, or division/player/academy for
 * Cricket, branch/client/product for Business) in the interface language, plus a capitaliser
 * that leaves Bangla alone.
 */
export function useWording(accountType: string | undefined): Wording & { cap: (label: string) => string } {
  const { language } = useLanguage();
  return { ...wording(accountType, language), cap: capitalize };
}
