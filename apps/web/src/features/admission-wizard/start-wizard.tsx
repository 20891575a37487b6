import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from '../../components/app-error-boundary';
import { PageShown } from '../../components/page-shown';
import { i18n, initI18n, type Namespace } from '../../lib/i18n';
import { DEFAULT_LANGUAGE, normaliseLanguage } from '../../lib/language';
import { loadAdmissionInfo } from './admission-api';
import { AdmissionWizardPage } from './admission-wizard-page';
import { loadFonts } from './fonts';
import { linkParamsOf } from './link-params';
import { WizardFrame } from './wizard-frame';

/** The wizard's texts; the frame's (`common`) come with initI18n. */
const NAMESPACES: Namespace[] = ['admission', 'domain', 'errors'];

/**
 * The admission wizard's own entry (main.tsx picks it for the wizard's path): React and the
 * translations only, without the router, TanStack Query and the endpoint contracts the app shell
 * brings, so a family's phone on a slow network downloads little more than the form. The
 * institution's page, the texts, the fonts and the code load side by side.
 */
export function startWizard(container: HTMLElement): void {
  const { key } = linkParamsOf(window.location.search);
  if (key) void loadAdmissionInfo(key).catch(() => undefined);
  const texts = Promise.all([initI18n(), i18n.loadNamespaces(NAMESPACES)]);
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <AppErrorBoundary>
          <Suspense fallback={null}>
            <WizardFrame>
              <AdmissionWizardPage />
            </WizardFrame>
            <PageShown />
          </Suspense>
        </AppErrorBoundary>
      </StrictMode>,
    );
  // React starts once the texts and the first screen's fonts are here (fonts.ts: briefly), so the
  // first screen is drawn once, complete: no suspended render (React holds a revealed boundary
  // back up to 300 ms) and no text set twice. initI18n chose the language synchronously.
  const fonts = loadFonts(normaliseLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE);
  void Promise.all([texts, fonts]).then(render, render);
}
