/**
 * The paths of the public video course page's endpoints, in a module of their own without zod (as
 * link-paths.ts): the contracts read them, and the page's light entry calls them without loading
 * every schema. Fill `:key` and `:videoId` with `fillPath`.
 */
export const PUBLIC_VIDEO_PATHS = {
  course: '/api/public/video-courses/:key',
  play: '/api/public/video-courses/:key/videos/:videoId/play',
  buy: '/api/public/video-courses/:key/buy',
} as const;

/** The public page of a published course, as the teacher shares it. */
export const publicVideoCoursePath = (key: string) => `/public-video-course?key=${encodeURIComponent(key)}`;
