import {
  type BilingualText,
  type LandingConfig,
  type LandingTestimonial,
  landingConfigSchema,
} from '@batchwise/domain';

// The landing editor's form state: every part kept while switched off, so turning a part off
// and on again loses nothing; only parts switched on are saved.

export interface LandingDraft {
  useHero: boolean;
  hero: { title: BilingualText; pitch: BilingualText };
  useTestimonials: boolean;
  testimonials: LandingTestimonial[];
  useCaseStudy: boolean;
  caseStudy: { title: BilingualText; body: BilingualText };
  featuredNews: string[];
}

const blank = (): BilingualText => ({ en: '', bn: '' });
export const blankTestimonial = (): LandingTestimonial => ({ quote: blank(), name: '', role: blank() });

export function draftOf(config: LandingConfig): LandingDraft {
  return {
    useHero: config.hero !== null,
    hero: config.hero ?? { title: blank(), pitch: blank() },
    useTestimonials: config.testimonials !== null,
    testimonials: config.testimonials ?? [blankTestimonial()],
    useCaseStudy: config.caseStudy !== null,
    caseStudy: config.caseStudy ?? { title: blank(), body: blank() },
    featuredNews: config.featuredNews,
  };
}

/** The draft as the contract checks it: the config, or the first problem's path and message. */
export function checkDraft(draft: LandingDraft) {
  return landingConfigSchema.safeParse({
    hero: draft.useHero ? draft.hero : null,
    testimonials: draft.useTestimonials ? draft.testimonials : null,
    caseStudy: draft.useCaseStudy ? draft.caseStudy : null,
    featuredNews: draft.featuredNews,
  });
}
