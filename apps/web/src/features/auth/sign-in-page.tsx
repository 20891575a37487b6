import { authEndpoints, signInSchema } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useZodForm } from '../../lib/use-zod-form';
import { issueText } from '../../lib/zod-form';
import form from './auth-form.module.css';
import styles from './auth-page.module.css';
import { AuthPageFrame } from './auth-page-frame';
import { ConnectedAccountsPanel } from './connected-accounts-panel';
import { FormAlert, focusFirstInvalid, PasswordField, SubmitButton, TextField } from './form-controls';
import { useAuthFlow, withRedirect } from './use-auth-flow';

/** `/signin` and `/login`: e-mail and password (spec part 1 §4 "Authentication"). */
export function SignInPage() {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const flow = useAuthFlow();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useZodForm(signInSchema, { email: '', password: '' });
  const signIn = useMutation({
    mutationFn: (body: { email: string; password: string }) => call(authEndpoints.signIn, { body }),
    onSuccess: flow.handleSignedIn,
  });

  if (flow.alreadySignedInTo) return <Navigate to={flow.alreadySignedInTo} replace />;
  if (flow.signedIn) return <ConnectedAccountsPanel redirect={flow.redirect} />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = fields.parse();
    if (!request) return focusFirstInvalid(formRef.current);
    signIn.mutate(request);
  };

  const error = (field: 'email' | 'password') => {
    const issue = fields.issueFor(field);
    return issue ? issueText(t, issue) : undefined;
  };

  return (
    <AuthPageFrame
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      links={[
        { label: t('links.phoneLogin'), to: withRedirect(paths.phoneLogin, flow.redirect) },
        { label: t('links.noAccount'), to: paths.signUp },
      ]}
    >
      {flow.redirect ? (
        <p className={styles.notice} role="status">
          {t('redirectNotice')} <code className={styles.path}>{flow.redirect}</code>
        </p>
      ) : null}
      <form ref={formRef} className={form.form} onSubmit={handleSubmit} noValidate>
        {signIn.isError ? <FormAlert kind="error">{translateError(t, signIn.error)}</FormAlert> : null}
        <TextField
          id="signin-email"
          label={t('form.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={fields.values.email}
          onValueChange={(value) => fields.setValue('email', value)}
          onBlur={() => fields.handleBlur('email')}
          error={error('email')}
        />
        <PasswordField
          id="signin-password"
          label={t('form.password')}
          autoComplete="current-password"
          required
          value={fields.values.password}
          onValueChange={(value) => fields.setValue('password', value)}
          onBlur={() => fields.handleBlur('password')}
          error={error('password')}
        />
        <div className={form.inline}>
          <Link to={paths.forgotPassword}>{t('links.forgotPassword')}</Link>
        </div>
        <SubmitButton loading={signIn.isPending}>
          {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </SubmitButton>
      </form>
    </AuthPageFrame>
  );
}
