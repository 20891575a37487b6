// The public online-admission wizard's page flow (part 1 §2.1, §4).

export const ADMISSION_PAGES = [
  'welcome',
  'name',
  'phone',
  'picture',
  'parents',
  'additional',
  'details',
  'review',
  'success',
] as const;
export type AdmissionPage = (typeof ADMISSION_PAGES)[number];

/** The institution's online-admission settings that shape the wizard. */
export interface AdmissionFlowSettings {
  /** CollectPicture: page 3 asks for a photo (and requires it). */
  readonly collectPicture: boolean;
  /** CollectParentsPhone: page 4 asks for parent phones. */
  readonly collectParentsPhone: boolean;
  /** The institution's custom student fields; page 5 exists only when there are some. */
  readonly customFields: readonly string[];
}

/** The pages this institution's wizard shows, in order, from welcome to success. */
export function admissionPages(settings: AdmissionFlowSettings): AdmissionPage[] {
  return ADMISSION_PAGES.filter((page) => {
    if (page === 'picture') return settings.collectPicture;
    if (page === 'parents') return settings.collectParentsPhone;
    if (page === 'additional') return settings.customFields.length > 0;
    return true;
  });
}

/** The page Next leads to, skipping pages this institution does not use; null after success. */
export function nextAdmissionPage(
  current: AdmissionPage,
  settings: AdmissionFlowSettings,
): AdmissionPage | null {
  const pages = admissionPages(settings);
  const after = ADMISSION_PAGES.slice(ADMISSION_PAGES.indexOf(current) + 1);
  return after.find((page) => pages.includes(page)) ?? null;
}

/** The page Back leads to; null on the welcome page. */
export function previousAdmissionPage(
  current: AdmissionPage,
  settings: AdmissionFlowSettings,
): AdmissionPage | null {
  const pages = admissionPages(settings);
  const before = ADMISSION_PAGES.slice(0, ADMISSION_PAGES.indexOf(current)).reverse();
  return before.find((page) => pages.includes(page)) ?? null;
}

// The numbered pages of the progress bar. The spec counts 7 (6 without custom fields) whether
// or not the picture or parents page is shown, so a skipped page still keeps its number and the
// bar jumps over it, as the original did.
const NUMBERED: readonly AdmissionPage[] = [
  'name',
  'phone',
  'picture',
  'parents',
  'additional',
  'details',
  'review',
];

/**
 * Progress bar position: `{ current, total, percent }` with total 7, or 6 without custom
 * fields. Welcome is 0 and success is complete.
 */
export function admissionProgress(
  page: AdmissionPage,
  settings: AdmissionFlowSettings,
): { readonly current: number; readonly total: number; readonly percent: number } {
  const numbered = settings.customFields.length > 0 ? NUMBERED : NUMBERED.filter((p) => p !== 'additional');
  const total = numbered.length;
  let current: number;
  if (page === 'welcome') current = 0;
  else if (page === 'success') current = total;
  else current = Math.max(0, numbered.indexOf(page) + 1);
  return { current, total, percent: Math.round((current / total) * 100) };
}
