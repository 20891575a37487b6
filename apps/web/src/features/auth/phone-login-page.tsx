import { authEndpoints, phoneCodeRequestSchema, phoneCodeVerifySchema } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useZodForm } from '../../lib/use-zod-form';
import { issueText } from '../../lib/zod-form';
import form from './auth-form.module.css';
import { AuthPageFrame } from './auth-page-frame';
import { ConnectedAccountsPanel } from './connected-accounts-panel';
import { FormAlert, focusFirstInvalid, SubmitButton, TextField } from './form-controls';
import { useAuthFlow, withRedirect } from './use-auth-flow';
import { useCountdown } from './use-countdown';

/** A new code may be asked for after this long; the server enforces its own limits too. */
const RESEND_AFTER_MS = 60_000;

/**
 * `/phone-login`: phone number, then the 6-digit code sent by SMS. Students and parents sign in
 * here. The server answers "code sent" alike for unknown numbers, so nobody learns who is registered.
 */
export function PhoneLoginPage() {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const { locale } = useLanguage();
  const flow = useAuthFlow();
  const formRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const phoneForm = useZodForm(phoneCodeRequestSchema, { phone: '' });
  const codeForm = useZodForm(phoneCodeVerifySchema, { phone: '', code: '' });

  const requestCode = useMutation({
    mutationFn: (phone: string) => call(authEndpoints.phoneCode, { body: { phone } }),
    onSuccess: (_notice, phone) => {
      setSentTo(phone);
      setResendAt(Date.now() + RESEND_AFTER_MS);
      codeForm.reset({ phone, code: '' });
    },
  });
  const verify = useMutation({
    mutationFn: (body: { phone: string; code: string }) => call(authEndpoints.phoneVerify, { body }),
    onSuccess: flow.handleSignedIn,
  });

  if (flow.alreadySignedInTo) return <Navigate to={flow.alreadySignedInTo} replace />;
  if (flow.signedIn) return <ConnectedAccountsPanel redirect={flow.redirect} />;

  const handleRequest = (event: FormEvent) => {
    event.preventDefault();
    const request = phoneForm.parse();
    if (!request) return focusFirstInvalid(formRef.current);
    requestCode.mutate(request.phone);
  };

  const handleVerify = (event: FormEvent) => {
    event.preventDefault();
    const request = codeForm.parse();
    if (!request) return focusFirstInvalid(formRef.current);
    verify.mutate(request);
  };

  const handleResend = () => {
    if (sentTo) {
      verify.reset();
      requestCode.mutate(sentTo);
    }
  };

  const handleChangeNumber = () => {
    setSentTo(null);
    setResendAt(null);
    verify.reset();
    requestCode.reset();
  };

  const links = [{ label: t('links.emailLogin'), to: withRedirect(paths.signIn, flow.redirect) }];
  const phoneIssue = phoneForm.issueFor('phone');
  const codeIssue = codeForm.issueFor('code');

  if (!sentTo) {
    return (
      <AuthPageFrame title={t('phoneLogin.title')} subtitle={t('phoneLogin.subtitle')} links={links}>
        <form ref={formRef} className={form.form} onSubmit={handleRequest} noValidate>
          {requestCode.isError ? (
            <FormAlert kind="error">{translateError(t, requestCode.error)}</FormAlert>
          ) : null}
          <TextField
            id="phone-login-phone"
            label={t('form.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('common:phone.placeholder')}
            hint={t('form.phoneHint')}
            required
            value={phoneForm.values.phone}
            onValueChange={(value) => phoneForm.setValue('phone', value)}
            onBlur={() => phoneForm.handleBlur('phone')}
            error={phoneIssue ? issueText(t, phoneIssue) : undefined}
          />
          <SubmitButton loading={requestCode.isPending}>
            {requestCode.isPending ? t('phoneLogin.sending') : t('phoneLogin.sendCode')}
          </SubmitButton>
        </form>
      </AuthPageFrame>
    );
  }

  const notice = requestCode.data;
  return (
    <AuthPageFrame
      title={t('phoneLogin.codeTitle')}
      subtitle={t('phoneLogin.codeSubtitle', { phone: sentTo })}
      links={links}
    >
      <form ref={formRef} className={form.form} onSubmit={handleVerify} noValidate>
        {notice && !verify.isError && !requestCode.isError ? (
          <FormAlert kind="info">{t(`domain:${notice.code}`, { defaultValue: notice.message })}</FormAlert>
        ) : null}
        {verify.isError ? <FormAlert kind="error">{translateError(t, verify.error)}</FormAlert> : null}
        {requestCode.isError ? (
          <FormAlert kind="error">{translateError(t, requestCode.error)}</FormAlert>
        ) : null}
        <TextField
          id="phone-login-code"
          label={t('phoneLogin.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          pattern="[0-9]*"
          autoFocus
          inputClassName={form.code}
          value={codeForm.values.code}
          onValueChange={(value) => codeForm.setValue('code', value.replace(/\D/g, '').slice(0, 6))}
          error={codeIssue ? issueText(t, codeIssue) : undefined}
        />
        <SubmitButton loading={verify.isPending}>
          {verify.isPending ? t('phoneLogin.verifying') : t('phoneLogin.verify')}
        </SubmitButton>
        <div className={form.inline}>
          <button
            type="button"
            className={form.linkButton}
            onClick={handleResend}
            disabled={secondsLeft > 0 || requestCode.isPending}
          >
            {secondsLeft > 0
              ? t('phoneLogin.resendIn', { seconds: secondsLeft.toLocaleString(locale) })
              : t('phoneLogin.resend')}
          </button>
          <button type="button" className={form.linkButton} onClick={handleChangeNumber}>
            {t('phoneLogin.changeNumber')}
          </button>
        </div>
      </form>
    </AuthPageFrame>
  );
}
