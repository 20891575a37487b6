// Private video course messages (modules/video), kept apart from messages.ts so each file stays
// short; messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const VIDEO_MESSAGES = {
  VIDEO_NOT_READABLE:
    'This file could not be read as a video. Please check that it plays on your device and upload it again.',
  VIDEO_TRANSCODE_FAILED:
    'Preparing this video for students failed. Please upload it again; if it fails again, contact support.',
  VIDEO_NOT_READY: 'This video is still being prepared. Please try again in a few minutes.',
  VIDEO_NOT_ALLOWED: 'Your teacher has turned off videos for you. Please contact your teacher.',
  VIDEO_UNKNOWN_IN_COURSE: 'A video in this course was not found. Please reload and try again.',
  VIDEO_COURSE_UNAVAILABLE:
    'This video course is not available. The link may have been turned off by the teacher.',
  VIDEO_COURSE_NOT_BOUGHT: 'Please buy this course to watch its videos.',
  VIDEO_COURSE_FREE: 'This course is free: no payment is needed.',
  VIDEO_BUYER_NAME_REQUIRED: 'Please enter your name.',
  VIDEO_BUYER_PHONE_REQUIRED: 'Please enter your phone number.',
} as const;
