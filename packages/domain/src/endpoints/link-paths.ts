/**
 * The paths of the endpoints behind the pages a family opens from an SMS (receipt, pay link,
 * report card), in a module of their own without zod, as portal-paths.ts: the contracts read them,
 * and the web app's light entry for those pages calls them without loading every schema. Fill
 * `:key` with `fillPath`.
 */
export const LINK_PATHS = {
  receipt: '/api/public/receipts/:key',
  payPortal: '/api/public/pay',
  startPay: '/api/public/pay/start',
  reportCard: '/api/public/report-cards/:key',
  reportPdf: '/api/public/report-cards/:key/pdf',
  acknowledgeReport: '/api/public/report-cards/:key/acknowledge',
  reportFeedback: '/api/public/report-cards/:key/feedback',
} as const;
