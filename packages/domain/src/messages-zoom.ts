// Online classes through Zoom (modules/zoom), kept apart from messages.ts so each file stays short;
// messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const ZOOM_MESSAGES = {
  ZOOM_NOT_CONFIGURED: 'Zoom is not set up on this server yet.',
  ZOOM_NOT_CONNECTED: 'Connect Zoom first, under Online classes on the timetable.',
  ZOOM_STATE_INVALID:
    'This Zoom sign-in link has expired or was started elsewhere. Start again from Batchwise.',
  ZOOM_REFUSED: 'Zoom refused the request. Connect Zoom again and retry.',
  ZOOM_UNAVAILABLE: 'Zoom did not answer. Try again in a few minutes.',
  ZOOM_MEETING_EXISTS: 'This class already has a Zoom meeting.',
  ZOOM_SIGNATURE_INVALID: 'This request is not signed by Zoom.',
  ZOOM_MEETING_NOT_OVER: 'The participants report is ready only after the class ends.',
} as const;
