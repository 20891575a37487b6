import { paths } from '../../lib/paths';

/** Header and footer link sets; `key` is the label under `common:nav`. */
export interface NavItem {
  key: string;
  to: string;
}

export const productItems: readonly (NavItem & { descriptionKey: string })[] = [
  { key: 'lms', to: paths.welcome, descriptionKey: 'lmsDescription' },
  { key: 'sentinel', to: paths.sentinel, descriptionKey: 'sentinelDescription' },
  { key: 'bulkSms', to: paths.bulkSms, descriptionKey: 'bulkSmsDescription' },
];

export const headerItems: readonly NavItem[] = [
  { key: 'blog', to: paths.blog },
  { key: 'pricing', to: paths.pricing },
  { key: 'contact', to: paths.contact },
  { key: 'ai', to: paths.ai },
];

export const footerColumns: readonly { key: string; items: readonly NavItem[] }[] = [
  {
    key: 'products',
    items: [
      { key: 'lms', to: paths.welcome },
      { key: 'sentinel', to: paths.sentinel },
      { key: 'bulkSms', to: paths.bulkSms },
      { key: 'pricing', to: paths.pricing },
      { key: 'ai', to: paths.ai },
    ],
  },
  {
    key: 'company',
    items: [
      { key: 'aboutUs', to: paths.aboutUs },
      { key: 'caseStudy', to: paths.caseStudy },
      { key: 'careers', to: paths.careers },
      { key: 'blog', to: paths.blog },
      { key: 'contact', to: paths.contact },
    ],
  },
  {
    key: 'help',
    items: [
      { key: 'support', to: paths.support },
      { key: 'serverStatus', to: paths.serverStatus },
      { key: 'privacy', to: paths.privacy },
      { key: 'terms', to: paths.terms },
    ],
  },
];
