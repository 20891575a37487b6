import { authEndpoints, type SignUpInput, signUpSchema } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useZodForm } from '../../lib/use-zod-form';
import { issueText } from '../../lib/zod-form';
import form from './auth-form.module.css';
import { AuthPageFrame } from './auth-page-frame';
import { FinishSignUp } from './finish-sign-up';
import {
  CheckboxField,
  ChoiceCards,
  FormAlert,
  focusFirstInvalid,
  PasswordField,
  SubmitButton,
  TextField,
} from './form-controls';
import { signUpPresets } from './sign-up-params';
import { useAuthFlow, withRedirect } from './use-auth-flow';

type Values = Required<SignUpInput> & { accountType: 'Teacher' | 'Admin' };
type TextKey = 'name' | 'email' | 'phone' | 'institution' | 'referralId';

/**
 * `/signup`: a Teacher or Admin account with its institution (spec part 1 §3 "Sign-up inputs").
 * The form gets the same "check your e-mail" answer whether or not the e-mail has an account;
 * the mailed link (`?token=`) makes the account.
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <FinishSignUp token={token} /> : <SignUpForm />;
}

function SignUpForm() {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const flow = useAuthFlow();
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const presets = signUpPresets(searchParams);
  const fields = useZodForm(signUpSchema, {
    accountType: 'Teacher',
    businessAccount: false,
    name: '',
    email: '',
    password: '',
    phone: '',
    institution: '',
    referralId: presets.referralId,
    meetingApp: presets.meetingApp,
  } satisfies Values as Values);
  const signUp = useMutation({
    mutationFn: (body: SignUpInput) => call(authEndpoints.signUp, { body }),
  });

  if (flow.alreadySignedInTo) return <Navigate to={flow.alreadySignedInTo} replace />;
  if (signUp.isSuccess) {
    return (
      <AuthPageFrame
        title={t('signUp.checkTitle')}
        links={[{ label: t('links.haveAccount'), to: withRedirect(paths.signIn, flow.redirect) }]}
      >
        <div className={form.form}>
          <FormAlert kind="success">
            {t(`domain:${signUp.data.code}`, { defaultValue: signUp.data.message })}
          </FormAlert>
          <button type="button" className="bw-btn" onClick={() => signUp.reset()}>
            {t('signUp.useAnotherEmail')}
          </button>
        </div>
      </AuthPageFrame>
    );
  }

  const { values } = fields;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = fields.parse();
    if (!request) return focusFirstInvalid(formRef.current);
    signUp.mutate({ ...request, referralId: request.referralId || undefined });
  };

  const error = (field: keyof Values & string) => {
    const issue = fields.issueFor(field);
    return issue ? issueText(t, issue) : undefined;
  };
  const text = (field: TextKey) => ({
    id: `signup-${field}`,
    value: values[field],
    onValueChange: (value: string) => fields.setValue(field, value),
    onBlur: () => fields.handleBlur(field),
    error: error(field),
  });

  return (
    <AuthPageFrame
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      links={[{ label: t('links.haveAccount'), to: withRedirect(paths.signIn, flow.redirect) }]}
    >
      <form ref={formRef} className={form.form} onSubmit={handleSubmit} noValidate>
        {signUp.isError ? <FormAlert kind="error">{translateError(t, signUp.error)}</FormAlert> : null}
        <ChoiceCards
          name="accountType"
          legend={t('signUp.accountType')}
          value={values.accountType}
          onValueChange={(value) => fields.setValue('accountType', value)}
          choices={[
            { value: 'Teacher', title: t('signUp.teacher'), hint: t('signUp.teacherHint') },
            { value: 'Admin', title: t('signUp.admin'), hint: t('signUp.adminHint') },
          ]}
        />
        <CheckboxField
          id="signup-business"
          label={t('signUp.business')}
          hint={t('signUp.businessHint')}
          checked={values.businessAccount}
          onCheckedChange={(checked) => fields.setValue('businessAccount', checked)}
        />
        <TextField {...text('name')} label={t('form.name')} autoComplete="name" required />
        <TextField
          {...text('institution')}
          label={values.businessAccount ? t('signUp.businessName') : t('form.institution')}
          autoComplete="organization"
          required
        />
        <TextField
          {...text('email')}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <TextField
          {...text('phone')}
          label={t('form.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t('common:phone.placeholder')}
          hint={t('form.phoneHint')}
          required
        />
        <PasswordField
          id="signup-password"
          label={t('form.password')}
          autoComplete="new-password"
          hint={t('form.passwordHint')}
          required
          value={values.password}
          onValueChange={(value) => fields.setValue('password', value)}
          onBlur={() => fields.handleBlur('password')}
          error={error('password')}
        />
        <TextField {...text('referralId')} label={t('signUp.referral')} autoComplete="off" optional />
        {presets.meetingApp ? (
          <CheckboxField
            id="signup-meeting-app"
            label={t('signUp.meetingApp')}
            hint={t('signUp.meetingAppHint')}
            checked={values.meetingApp}
            onCheckedChange={(checked) => fields.setValue('meetingApp', checked)}
          />
        ) : null}
        <SubmitButton loading={signUp.isPending}>
          {signUp.isPending ? t('signUp.submitting') : t('signUp.submit')}
        </SubmitButton>
      </form>
    </AuthPageFrame>
  );
}
