import { z } from 'zod';
import { NEWS_LANDING_COUNT } from './news-constants';

// The landing page's editable content (the running-the-platform capability, `/config-landing-page`;
// spec part 1 §2.2 landing page: hero, testimonials, case study, news). Staff change it without a
// deploy; a part left empty (null) shows the built-in text of the translation files.

export const LANDING_LIMITS = {
  title: 120,
  text: 600,
  name: 80,
  testimonials: 6,
  featuredNews: NEWS_LANDING_COUNT,
} as const;

const text = (max: number) => z.string().trim().min(1, 'Please fill this in.').max(max);

/** The same words in both languages the site speaks: a visitor reads their own. */
const bilingual = (max: number) => z.object({ en: text(max), bn: text(max) });
export type BilingualText = z.output<ReturnType<typeof bilingual>>;

export const landingHeroSchema = z.object({
  title: bilingual(LANDING_LIMITS.title),
  pitch: bilingual(LANDING_LIMITS.text),
});

export const landingTestimonialSchema = z.object({
  quote: bilingual(LANDING_LIMITS.text),
  name: text(LANDING_LIMITS.name).describe('As the person writes it; the same in both languages'),
  role: bilingual(LANDING_LIMITS.name),
});

export const landingCaseStudySchema = z.object({
  title: bilingual(LANDING_LIMITS.title),
  body: bilingual(LANDING_LIMITS.text),
});

export const landingConfigSchema = z.object({
  hero: landingHeroSchema.nullable().describe('null: the built-in hero'),
  testimonials: z
    .array(landingTestimonialSchema)
    .min(1)
    .max(LANDING_LIMITS.testimonials)
    .nullable()
    .describe('null: the built-in testimonials'),
  caseStudy: landingCaseStudySchema.nullable().describe('null: the built-in case study'),
  featuredNews: z
    .array(z.string().min(1).max(40))
    .max(LANDING_LIMITS.featuredNews)
    .refine((keys) => new Set(keys).size === keys.length, 'A news item is featured once.')
    .describe('News keys shown first on the landing page; the latest fill the rest'),
});
export type LandingConfig = z.output<typeof landingConfigSchema>;
export type LandingConfigInput = z.input<typeof landingConfigSchema>;
export type LandingHero = z.output<typeof landingHeroSchema>;
export type LandingTestimonial = z.output<typeof landingTestimonialSchema>;
export type LandingCaseStudy = z.output<typeof landingCaseStudySchema>;

/** What a fresh site has: every part built in, nothing featured. */
export const DEFAULT_LANDING_CONFIG: LandingConfig = {
  hero: null,
  testimonials: null,
  caseStudy: null,
  featuredNews: [],
};

export const landingConfigViewSchema = landingConfigSchema.extend({
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export type LandingConfigView = z.output<typeof landingConfigViewSchema>;
