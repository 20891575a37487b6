/**
 * The paths of the public online-admission endpoints, in a module of their own without zod: the
 * contracts in admission.ts read them, and the wizard's light first load (apps/web
 * features/admission-wizard) calls them without loading every schema. Fill `:key` with
 * `fillPath`.
 */
export const ADMISSION_PUBLIC_PATHS = {
  info: '/api/public/admission/:key',
  phoneCheck: '/api/public/admission/:key/phone-check',
  picture: '/api/public/admission/:key/picture',
  submit: '/api/public/admission/:key/applications',
} as const;
