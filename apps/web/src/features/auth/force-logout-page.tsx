import { authEndpoints } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { forgetEverything, MISSING_USER_RECORD } from '../../lib/session';
import form from './auth-form.module.css';
import { AuthPageFrame } from './auth-page-frame';
import { FormAlert } from './form-controls';

/** Reasons this page explains instead of moving straight on to sign-in. */
const EXPLAINED = new Set([MISSING_USER_RECORD]);

/**
 * `/force-logout`: ends the session on the server, forgets everything cached for the previous
 * user, then returns to sign-in. When sent here because the account has no usable record
 * (spec part 1 §4), it stays and says so, since that user cannot simply sign in again.
 */
export function ForceLogoutPage() {
  const { t } = useTranslation(['auth', 'domain']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('reason');
  const reason = raw && EXPLAINED.has(raw) ? raw : null;
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call(authEndpoints.signOut)
      .catch(() => undefined)
      .finally(() => {
        forgetEverything(queryClient);
        if (reason) setDone(true);
        else navigate(paths.signIn, { replace: true });
      });
  }, [queryClient, navigate, reason]);

  if (!reason) return <PageLoader />;
  return (
    <AuthPageFrame
      title={t('forceLogout.title')}
      links={
        done
          ? [
              { label: t('links.signUpDifferent'), to: paths.signUp },
              { label: t('links.signInAgain'), to: paths.signIn },
            ]
          : []
      }
    >
      <div className={form.form}>
        <FormAlert kind="error">{t(`domain:${reason}`)}</FormAlert>
        {done ? null : <PageLoader />}
      </div>
    </AuthPageFrame>
  );
}
