import './app/fonts.css';
import './app/global.css';
import { SHELL_ROUTES } from '@batchwise/domain';
import { isWizardPath } from './features/admission-wizard/wizard-path';
import { isCompleteStaticPage, startStaticPage } from './features/public-site/static-page';
import { startEarlyGet } from './lib/early-requests';
import { wirePageControls } from './lib/page-controls';
import { isAttendanceViewPath, lightLinkPageOf, portalPageOf } from './lib/paths';
import { protectedAreaOf } from './lib/route-rules';
import { initTheme } from './lib/theme-store';

/**
 * The page's first script, kept small: static marketing pages need nothing more (see
 * static-page.ts); the admission wizard, the family portal and the family's SMS links load their
 * own light entries, every other page the React app, each as a separate chunk.
 */

// Theme on <html> before anything renders, so nothing flashes in the wrong one.
initTheme();
wirePageControls();

// After a deploy, chunks of the previous build are gone: one reload picks up the new build.
// The timestamp stops a loop when the chunk is missing for another reason (then the 500 page shows).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'bw-chunk-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 30_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const linkPage = lightLinkPageOf(window.location.pathname);

if (isCompleteStaticPage(container)) {
  startStaticPage(container);
} else if (isWizardPath(window.location.pathname)) {
  // The public admission form is opened on phones from a shared link: its own light entry.
  void import('./features/admission-wizard/start-wizard').then(({ startWizard }) => startWizard(container));
} else if (portalPageOf(window.location.pathname) || isAttendanceViewPath(window.location.pathname)) {
  // The family portal and the attendance link are opened on phones, often from an SMS: their own
  // light entry too.
  void import('./app/start-portal').then(({ startPortal }) => startPortal(container));
} else if (linkPage) {
  // The receipt, pay and report card links families open from an SMS: a light entry as well.
  void import('./app/start-links').then(({ startLinks }) => startLinks(container, linkPage));
} else {
  // A signed-in area's address (/teacher/…): who is signed in decides every next download, and the
  // frame and first page will be needed. The session is asked for and their code downloads now,
  // beside the app's, instead of after the router and the session have each answered in turn;
  // the app and its lazy routes then find them there.
  if (protectedAreaOf(window.location.pathname)) {
    startEarlyGet(SHELL_ROUTES.session.path);
    void import('./app/routes/signed-in-app');
  }
  void import('./app/start-app').then(({ startApp }) => startApp(container));
}
