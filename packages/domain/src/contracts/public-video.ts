import { z } from 'zod';
import { phoneField, requiredText, timestampField } from './fields';
import { ONLINE_PAY } from './online-pay';

// Public video courses (the `/public-video-course` page of spec part 1 §2 "Public routes"): a
// teacher publishes one of their private video courses to anyone holding its link, free or for a
// price. The link carries an unguessable key; unpublishing (or deleting the course) ends it. A paid
// course is bought through the institution's own online payment, and only the gateway's IPN grants
// the buyer access; the buyer keeps it through an access token carried in their access link.
// Courses are sold through SSLCommerz (cards and mobile wallets behind one checkout).
//
//   GET    /api/accounts/:accountId/video-courses/:courseId/publication → videoPublicationSchema
//   PUT    /api/accounts/:accountId/video-courses/:courseId/publication videoPublishSchema → videoPublicationSchema
//   DELETE /api/accounts/:accountId/video-courses/:courseId/publication → ok
//   GET    /api/public/video-courses/:key?access=…              → publicVideoCourseSchema
//            404 VIDEO_COURSE_UNAVAILABLE for an unknown or unpublished key
//   POST   /api/public/video-courses/:key/videos/:videoId/play  publicVideoPlayInputSchema → videoPlaySchema
//            403 VIDEO_COURSE_NOT_BOUGHT for a paid course without a paid access token
//   POST   /api/public/video-courses/:key/buy                   videoBuySchema → videoBuyResultSchema
//   POST   /api/public/video-pay/sslcommerz/ipn, /api/public/video-pay/sslcommerz/:outcome

export const VIDEO_PRICINGS = ['free', 'paid'] as const;
export type VideoPricing = (typeof VIDEO_PRICINGS)[number];

/** What the buyer's state is, for the page: watch, wait for the IPN, or buy. */
export const VIDEO_ACCESS_STATES = ['granted', 'pending', 'none'] as const;

/** Long enough that nobody guesses one (192 bits, base64url). */
const keyField = z.string().min(16).max(64);

export const videoPublishSchema = z.object({
  pricing: z.enum(VIDEO_PRICINGS),
  /** Paid courses only: the price in paisa; the server holds it to ONLINE_PAY's bounds. */
  pricePaisa: z.number().int().nonnegative().max(ONLINE_PAY.maximumPaisa).default(0),
});
export type VideoPublish = z.input<typeof videoPublishSchema>;

export const videoBuyerSchema = z.object({
  name: z.string(),
  phone: z.string(),
  amountPaisa: z.number().int(),
  paidAt: timestampField,
});

export const videoPublicationSchema = z.object({
  /** Null while the course is not published. */
  publication: z
    .object({
      key: z.string(),
      /** The page's address on this server: `/public-video-course?key=…`. */
      path: z.string(),
      pricing: z.enum(VIDEO_PRICINGS),
      pricePaisa: z.number().int(),
      publishedAt: timestampField,
    })
    .nullable(),
  /** Whoever paid for the course (confirmed by the gateway), newest first. */
  buyers: z.array(videoBuyerSchema),
});
export type VideoPublication = z.infer<typeof videoPublicationSchema>;

export const publicVideoParams = z.object({ key: keyField });
export const publicVideoPlayParams = publicVideoParams.extend({ videoId: z.string().min(1).max(40) });
export const publicVideoQuerySchema = z.object({ access: z.string().max(64).optional() });
export const publicVideoPlayInputSchema = z.object({ access: z.string().max(64).optional() });

export const publicVideoCourseSchema = z.object({
  title: z.string(),
  institution: z.string(),
  teacher: z.string(),
  pricing: z.enum(VIDEO_PRICINGS),
  pricePaisa: z.number().int(),
  access: z.enum(VIDEO_ACCESS_STATES),
  /** Whether the institution takes online payment now (SSLCommerz), so a paid course can be bought. */
  payable: z.boolean(),
  chapters: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      videos: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          durationMs: z.number().int().nullable(),
          /** A signed, expiring address of the poster; null when the video has none. */
          posterUrl: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type PublicVideoCourse = z.infer<typeof publicVideoCourseSchema>;

export const videoBuySchema = z.object({
  name: requiredText('VIDEO_BUYER_NAME_REQUIRED').pipe(z.string().max(80)),
  phone: phoneField({ required: 'VIDEO_BUYER_PHONE_REQUIRED' }),
});
export type VideoBuy = z.input<typeof videoBuySchema>;

export const videoBuyResultSchema = z.object({
  tranId: z.string(),
  /** The gateway's page to send the browser to. */
  redirectUrl: z.string(),
});
