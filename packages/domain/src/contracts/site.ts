import { z } from 'zod';

/** A video of the AI page: an embeddable player (iframe) or a file served by the site itself. */
export const siteVideoSchema = z.object({
  kind: z.enum(['embed', 'file']),
  url: z.string(),
});

/**
 * Deployment settings the public pages need (GET /api/site). Third-party embeds are null or
 * empty unless the operator configured them, and the pages then make no third-party request.
 */
export const siteConfigSchema = z.object({
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  mapEmbedUrl: z.string().nullable().describe('iframe src of a map; null shows the built-in map picture'),
  mapLinkUrl: z.string().describe('"Open in maps" link: a plain link, nothing loads until clicked'),
  supportChatScript: z.string().nullable().describe('Support chat widget script for /blog; null: no widget'),
  aiVideos: z.array(siteVideoSchema.nullable()).describe('Five slots of the AI page; null shows a poster'),
});
export type SiteConfig = z.output<typeof siteConfigSchema>;
