/**
 * Public pages (paths.ts `publicPages`) that still show the "coming soon" placeholder, by page id.
 * Every other public page must have real content in marketing-pages.tsx or link-pages.tsx:
 * public-pages.test.ts fails for a page that falls to the placeholder without being listed here,
 * and for a listed page that has been built (take it off when you build it).
 */
export const NOT_YET_BUILT: readonly string[] = [
  'welcomeV2',
  'donate',
  'jaago',
  'devLogin',
  'openDemoTeacher',
  'spr',
  'scanScript',
  'completeFacebookLogin',
  'shortLink',
];
