/**
 * Local and preview deployments (localhost, 127.0.0.1, hosts with a `preview` label such as
 * `pr-12.preview.example.com` or `app-preview-3.example.com`). Some developer tools, like the
 * Excel download of Student Data Verification (spec part 1 §2.4), are offered only there.
 */
export function isLocalOrPreviewHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost'))
    return true;
  return host.split('.').some((label) => /(^|-)preview(-|$)/.test(label));
}
