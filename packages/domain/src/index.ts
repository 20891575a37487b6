// @batchwise/domain: the product's rules as pure functions and zod contracts, shared by the
// server (which enforces them) and the web app (which shows them while people type).

export * from './access/profession';
export * from './access/tools';
export * from './access/wording';
export * from './admission/duplicates';
export * from './admission/pages';
export * from './admission/validation';
export * from './contracts/index';
export * from './endpoints/index';
export * from './export/layout';
export * from './messages';
export * from './money/currencies';
export * from './money/file-size';
export * from './money/format';
export * from './onboarding/template';
export * from './onboarding/validate';
export * from './phone/form-rule';
export * from './phone/normalize';
export * from './pricing/plans';
export type * from './sheet';
export * from './sms/sms';
export * from './sms/template/build';
export * from './sms/template/compare';
export * from './sms/template/parse';
export * from './students/archive';
export * from './students/clash';
export * from './students/constants';
export * from './students/drawer';
export * from './students/fields';
export * from './students/verification';
export * from './text/checks';
export * from './text/columns';
export * from './text/digits';
export * from './text/length';
export * from './text/random';
export * from './text/uri';
export * from './time/time';
