// Short links, table exports and live-update limits, kept apart from messages.ts so each file
// stays short; messages.ts spreads them into the one catalogue. No spec wording exists; these are
// ours (the export rules follow spec part 2 "Export").

export const EXPORT_MESSAGES = {
  SHORT_LINK_TARGET_INVALID: 'Only links to pages of this app can be shortened.',
  EXPORT_TOO_LARGE: 'This table has more than {max} rows. Please filter it before exporting.',
  EXPORT_UNAVAILABLE: 'PDF export is not available right now. Please try XLSX, or try again later.',
  LIVE_UPDATES_USER_LIMIT:
    'Live updates are already open in {max} tabs or windows of your account. Close one and try again.',
  LIVE_UPDATES_IP_LIMIT:
    'Too many live-update connections are open from your network ({max} at most). Close some tabs or try again later.',
  EXPORT_PDF_BUSY:
    'Your previous PDF export is still being prepared. Please wait for it to finish, then try again.',
  EXPORT_PDF_QUEUE_FULL:
    'Many PDF exports are being prepared right now. Please try again in a minute, or export as XLSX.',
  EXPORT_PDF_TOO_LARGE: 'A PDF can hold at most {max} rows. Please filter the table, or export it as XLSX.',
  EXPORT_PDF_CONTENT_TOO_LARGE:
    'This table holds too much text for a PDF. Please filter it or hide some columns, or export it as XLSX.',
} as const;
