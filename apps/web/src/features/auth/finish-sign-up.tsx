import { authEndpoints } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import form from './auth-form.module.css';
import { AuthPageFrame } from './auth-page-frame';
import { ConnectedAccountsPanel } from './connected-accounts-panel';
import { FormAlert, SubmitButton } from './form-controls';
import { useAuthFlow } from './use-auth-flow';

/**
 * `/signup?token=`, opened from the mailed link: one press makes the account and signs in. A
 * press, not an automatic call, so a mail scanner opening the link makes nothing.
 */
export function FinishSignUp({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const flow = useAuthFlow();
  const finish = useMutation({
    mutationFn: () => call(authEndpoints.signUpConfirm, { body: { token } }),
    onSuccess: flow.handleSignedIn,
  });

  if (flow.signedIn) return <ConnectedAccountsPanel redirect={flow.redirect} />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    finish.mutate();
  };
  return (
    <AuthPageFrame
      title={t('signUp.finishTitle')}
      subtitle={t('signUp.finishSubtitle')}
      links={[
        { label: t('links.signUpAgain'), to: paths.signUp },
        { label: t('links.haveAccount'), to: paths.signIn },
      ]}
    >
      <form className={form.form} onSubmit={handleSubmit} noValidate>
        {finish.isError ? <FormAlert kind="error">{translateError(t, finish.error)}</FormAlert> : null}
        <SubmitButton loading={finish.isPending}>
          {finish.isPending ? t('signUp.submitting') : t('signUp.finish')}
        </SubmitButton>
      </form>
    </AuthPageFrame>
  );
}
