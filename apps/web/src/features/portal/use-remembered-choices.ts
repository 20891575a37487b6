import { useEffect, useRef } from 'react';
import { changeLanguage } from '../../lib/i18n';
import { isLanguage } from '../../lib/language';
import { updateTheme } from '../../lib/theme-store';
import { useLanguage } from '../../lib/use-language';
import { useTheme } from '../../lib/use-theme';
import { type PortalAnswer, updateProfile } from './portal-api';

/**
 * Language and theme follow the family from phone to phone: the server's choice applies when the
 * portal opens, and a change made here (header or Settings) is saved back.
 */
export function useRememberedChoices(profile: PortalAnswer<'profile'> | undefined): void {
  const { language } = useLanguage();
  const { mode } = useTheme();
  const applied = useRef(false);
  useEffect(() => {
    if (!profile || applied.current) return;
    applied.current = true;
    if (isLanguage(profile.language) && profile.language !== language) void changeLanguage(profile.language);
    if (profile.theme !== 'system' && profile.theme !== mode) updateTheme({ mode: profile.theme });
  }, [profile, language, mode]);
  const saved = useRef<{ language: string; mode: string } | null>(null);
  useEffect(() => {
    if (!profile || !applied.current) return;
    const previous = saved.current;
    saved.current = { language, mode };
    // The first run records where the server's choice left us; only later changes are the user's.
    if (!previous || (previous.language === language && previous.mode === mode)) return;
    void updateProfile({ language: language, theme: mode }).catch(() => undefined);
  }, [profile, language, mode]);
}
