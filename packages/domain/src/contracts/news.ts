import { z } from 'zod';
import { requiredText, timestampField } from './fields';
import {
  NEWS_DEFAULT_LABEL,
  NEWS_DEFAULT_TYPE,
  NEWS_DESCRIPTION_MAX,
  NEWS_PAGE_SIZE,
  NEWS_SEARCH_MAX,
  NEWS_STATUSES,
  NEWS_TITLE_MAX,
} from './news-constants';

// News items of the public site (part 1 §3 "News item", §7 reads and paging, §9 counts).

/** A news item as pages show it. `description` is HTML the server has already sanitised. */
export const newsItemSchema = z.object({
  key: z.string().describe('Stable id, used in /OpenNews?key=…'),
  title: z.string(),
  description: z.string().describe('Sanitised HTML'),
  summary: z.string().describe('The first words of the description as plain text'),
  author: z.string(),
  type: z.string(),
  label: z.string().describe(`Shown as a badge; '${NEWS_DEFAULT_LABEL}' unless set`),
  image: z
    .string()
    .nullable()
    .describe('Base path of the image: variants are {image}-{480,960,1600}.webp and {image}-960.jpg'),
  date: timestampField.describe('Publication date (ms); lists are ordered by it, newest first'),
  readTimeMinutes: z.number().int().nonnegative(),
  status: z.enum(NEWS_STATUSES),
  updatedAt: timestampField,
});
export type NewsItem = z.output<typeof newsItemSchema>;

/** One page of news, newest first; `nextCursor` fetches the next (older) page, null at the end. */
export const newsPageSchema = z.object({
  items: z.array(newsItemSchema),
  nextCursor: z.string().nullable(),
});
export type NewsPage = z.output<typeof newsPageSchema>;

export const newsListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(NEWS_SEARCH_MAX)
    .optional()
    .describe('Words to find in title, text, author or label'),
  cursor: z
    .string()
    .regex(/^\d{1,15}_[0-9A-Za-z]{1,40}$/)
    .optional()
    .describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

/** What staff send to create or change a news item. */
export const newsInputSchema = z.object({
  title: requiredText('NEWS_TITLE_REQUIRED').pipe(z.string().max(NEWS_TITLE_MAX)),
  description: requiredText('NEWS_DESCRIPTION_REQUIRED').pipe(z.string().max(NEWS_DESCRIPTION_MAX)),
  author: z.string().trim().max(100).default(''),
  type: z.string().trim().max(40).default(NEWS_DEFAULT_TYPE),
  label: z
    .string()
    .trim()
    .max(40)
    .default(NEWS_DEFAULT_LABEL)
    .transform((label) => label || NEWS_DEFAULT_LABEL),
  image: z
    .string()
    .regex(/^news\/[0-9A-Za-z]{10,40}$/)
    .nullable()
    .default(null)
    .describe('Key returned by the image upload, or null for no image'),
  date: timestampField.optional().describe('Defaults to the time of publication'),
  status: z.enum(NEWS_STATUSES).default('draft'),
});
export type NewsInput = z.input<typeof newsInputSchema>;
export type NewsPayload = z.output<typeof newsInputSchema>;

export const newsImageUploadSchema = z.object({
  image: z.string().describe('Key to send as `image` in the news item'),
  url: z.string().describe('Where the uploaded image is served'),
});
