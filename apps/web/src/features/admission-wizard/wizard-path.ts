import { publicPages } from '../../lib/paths';

/** The wizard's path (paths.ts `publicPages`, `onlineAdmission`). */
const WIZARD_PATH = publicPages.find((page) => page.id === 'onlineAdmission')?.path.toLowerCase();

/**
 * Whether a page address is the admission wizard's, matched as the router matches: any case, an
 * optional trailing slash. main.tsx then starts the wizard's light entry instead of the app.
 */
export function isWizardPath(pathname: string): boolean {
  return WIZARD_PATH !== undefined && pathname.toLowerCase().replace(/\/$/, '') === WIZARD_PATH;
}
