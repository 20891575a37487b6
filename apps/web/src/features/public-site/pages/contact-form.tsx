import { contactMessageSchema, issueToDomainError, siteEndpoints } from '@batchwise/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { call } from '../../../lib/api-client';
import styles from './contact-page.module.css';

type Field = 'emailOrPhone' | 'message';
type Errors = Partial<Record<Field, string>>;
type Result = { kind: 'success' | 'error'; text: string } | null;

/**
 * The contact form (spec §5, §8): Email/Phone and Message are required with the spec's messages;
 * the answer is 'Thank you for contacting us' and a reset form, or 'Something went wrong! Please
 * Try again!'. Messages come from the domain catalogue, translated by code.
 */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'domain']);
  const [values, setValues] = useState({ emailOrPhone: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Result>(null);
  const [sending, setSending] = useState(false);
  // Pre-rendered HTML shows the form before the app runs; it cannot send until then.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const say = (code: string, message: string, params?: Record<string, unknown>) =>
    t(`domain:${code}`, { defaultValue: message, ...params });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        const error = issueToDomainError(issue);
        if (!next[field] && error) next[field] = say(error.code, error.message, error.params);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await call(siteEndpoints.contact, { body: parsed.data });
      setResult({ kind: 'success', text: say(answer.code, answer.message) });
      setValues({ emailOrPhone: '', message: '' });
    } catch (error) {
      const known = error instanceof ApiError && error.status === 400 && error.code.startsWith('CONTACT_');
      setResult({
        kind: 'error',
        text: known
          ? say(error.code, error.message)
          : say('CONTACT_FAILED', 'Something went wrong! Please Try again!'),
      });
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.formTitle}>
        {t('form.title')}
      </h2>
      <fieldset className={styles.fields} disabled={!ready}>
        <div className={styles.field}>
          <label htmlFor="contact-emailOrPhone">{t('form.emailOrPhone')}</label>
          <input
            {...field('emailOrPhone')}
            type="text"
            autoComplete="email"
            placeholder={t('form.emailOrPhonePlaceholder')}
          />
          {errors.emailOrPhone ? (
            <p id="contact-emailOrPhone-error" className={styles.error}>
              {errors.emailOrPhone}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-message">{t('form.message')}</label>
          <textarea {...field('message')} rows={6} placeholder={t('form.messagePlaceholder')} />
          {errors.message ? (
            <p id="contact-message-error" className={styles.error}>
              {errors.message}
            </p>
          ) : null}
        </div>
        <button type="submit" className="bw-btn bw-btn--primary bw-btn--large" disabled={sending}>
          {sending ? t('form.sending') : t('form.send')}
        </button>
      </fieldset>
      <p role="status" className={result?.kind === 'error' ? styles.resultError : styles.resultSuccess}>
        {result?.text ?? ''}
      </p>
    </form>
  );
}
