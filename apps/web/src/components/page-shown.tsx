import { useEffect } from 'react';

/**
 * Rendered last by a light entry, as the app does (app/app.tsx): the page is live, in the
 * visitor's language (public/theme-init.js), so the pre-render and the pending-language state go.
 */
export function PageShown() {
  useEffect(() => {
    document.documentElement.classList.remove('bw-language-pending');
    document.getElementById('root')?.removeAttribute('data-prerendered');
  }, []);
  return null;
}
