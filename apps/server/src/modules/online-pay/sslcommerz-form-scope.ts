import type { TypedApp } from '../../lib/typed-app';

/** A gateway report is a few hundred bytes of form fields. */
const FORM_LIMIT = 16 * 1024;

/**
 * The IPN comes from the gateway's few addresses, in bursts: a limit far above any real burst that
 * still caps how fast one address can fill the activity log with alerts. No CSRF header can be
 * asked of a gateway's server: each report is checked against the gateway instead.
 */
export const IPN_ROUTE_CONFIG = { rateLimit: { max: 6000, timeWindow: '1 minute' }, csrf: false } as const;

/**
 * SSLCommerz POSTs form-encoded bodies from its servers (IPN) and through the payer's browser
 * (success/fail/cancel): the routes `register` adds are the only ones that read such bodies. Used
 * by every merchant's payments (fees here, the platform's plans in billing, course sales in
 * public-video).
 */
export function sslcommerzFormScope(app: TypedApp, register: (scope: TypedApp) => void): void {
  app.register(async (scope: TypedApp) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    register(scope);
  });
}
