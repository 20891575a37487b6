import { authEndpoints, forgotPasswordSchema, resetPasswordSchema } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useZodForm } from '../../lib/use-zod-form';
import { issueText } from '../../lib/zod-form';
import form from './auth-form.module.css';
import { AuthPageFrame } from './auth-page-frame';
import { FormAlert, focusFirstInvalid, PasswordField, SubmitButton, TextField } from './form-controls';

/** `/forgot-password`: asks for a reset link; opened from that link (`?token=`), sets the new password. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <ResetPasswordForm token={token} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useZodForm(forgotPasswordSchema, { email: '' });
  const request = useMutation({
    mutationFn: (body: { email: string }) => call(authEndpoints.forgotPassword, { body }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = fields.parse();
    if (!body) return focusFirstInvalid(formRef.current);
    request.mutate(body);
  };

  const issue = fields.issueFor('email');
  return (
    <AuthPageFrame
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      links={[{ label: t('links.backToSignIn'), to: paths.signIn }]}
    >
      <form ref={formRef} className={form.form} onSubmit={handleSubmit} noValidate>
        {request.isError ? <FormAlert kind="error">{translateError(t, request.error)}</FormAlert> : null}
        {request.isSuccess ? (
          <FormAlert kind="success">
            {t(`domain:${request.data.code}`, { defaultValue: request.data.message })}
          </FormAlert>
        ) : null}
        <TextField
          id="forgot-email"
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={fields.values.email}
          onValueChange={(value) => fields.setValue('email', value)}
          onBlur={() => fields.handleBlur('email')}
          error={issue ? issueText(t, issue) : undefined}
        />
        <SubmitButton loading={request.isPending}>
          {request.isSuccess ? t('forgotPassword.sendAgain') : t('forgotPassword.submit')}
        </SubmitButton>
      </form>
    </AuthPageFrame>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useZodForm(resetPasswordSchema, { token, password: '' });
  const reset = useMutation({
    mutationFn: (body: { token: string; password: string }) => call(authEndpoints.resetPassword, { body }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = fields.parse();
    if (!body) return focusFirstInvalid(formRef.current);
    reset.mutate(body);
  };

  if (reset.isSuccess) {
    return (
      <AuthPageFrame title={t('resetPassword.doneTitle')}>
        <div className={form.form}>
          <FormAlert kind="success">
            {t(`domain:${reset.data.code}`, { defaultValue: reset.data.message })}
          </FormAlert>
          <Link to={paths.signIn} className={`bw-btn bw-btn--primary ${form.submit}`}>
            {t('resetPassword.signIn')}
          </Link>
        </div>
      </AuthPageFrame>
    );
  }

  const issue = fields.issueFor('password');
  // A malformed token fails the contract on `token`, which has no field: say the link is bad.
  const tokenBroken = fields.issueFor('token') !== undefined;
  return (
    <AuthPageFrame
      title={t('resetPassword.title')}
      subtitle={t('resetPassword.subtitle')}
      links={[{ label: t('resetPassword.requestNew'), to: paths.forgotPassword }]}
    >
      <form ref={formRef} className={form.form} onSubmit={handleSubmit} noValidate>
        {reset.isError ? <FormAlert kind="error">{translateError(t, reset.error)}</FormAlert> : null}
        {tokenBroken && !reset.isError ? (
          <FormAlert kind="error">{t('domain:RESET_LINK_INVALID')}</FormAlert>
        ) : null}
        {/* Lets password managers save the new password against the right account. */}
        <input type="hidden" name="username" autoComplete="username" />
        <PasswordField
          id="reset-password"
          label={t('resetPassword.newPassword')}
          autoComplete="new-password"
          hint={t('form.passwordHint')}
          required
          value={fields.values.password}
          onValueChange={(value) => fields.setValue('password', value)}
          onBlur={() => fields.handleBlur('password')}
          error={issue ? issueText(t, issue) : undefined}
        />
        <SubmitButton loading={reset.isPending}>{t('resetPassword.submit')}</SubmitButton>
      </form>
    </AuthPageFrame>
  );
}
