// News constants (part 1 §7, §9), apart from the zod contracts so public pages can use them
// without loading zod.

/** The landing page and blog read the newest 10 (§7); the landing page shows 3 of them. */
export const NEWS_LATEST_COUNT = 10;
export const NEWS_LANDING_COUNT = 3;
/** "Load More" on the blog fetches this many older items at a time (§9). */
export const NEWS_PAGE_SIZE = 20;
/** Words per minute for the read-time estimate (§9): `readTimeMinutes(description, NEWS_READ_RATE)`. */
export const NEWS_READ_RATE = 100;
export const NEWS_DEFAULT_LABEL = 'Announcement';
export const NEWS_DEFAULT_TYPE = 'News';
export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 200;
/** Sanitised HTML; generous, since pasted articles carry markup. */
export const NEWS_DESCRIPTION_MAX = 100_000;
export const NEWS_SEARCH_MAX = 100;
