import { linkEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { endpointQuery } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { activeAccount, useSession } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './student-links.module.css';

const QrCode = lazy(() => import('../../components/qr-code').then((module) => ({ default: module.QrCode })));

/**
 * `/qr-code-student` (a QR code per student, or one student's with `student=`) and
 * `/all-student-access-codes` (a printable sheet: QR, name, ID and RFID of every student).
 * Opened from the students page in a new tab; the data needs a staff sign-in. `account` and
 * `classroom` narrow the list. Free of Ant Design: the QR generator loads lazily.
 */
export function AccessCodesPage({ variant }: { variant: 'qr' | 'sheet' }) {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const accountId = params.get('account') ?? activeAccount(session.data)?.id ?? '';
  const studentId = params.get('student');
  const classroomId = params.get('classroom');
  useDocumentTitle(variant === 'qr' ? t('codes.qrTitle') : t('codes.sheetTitle'));

  // One student's code, or the sheet; only the one the page shows is fetched.
  const one = useQuery({
    ...endpointQuery(linkEndpoints.accessCode, { params: { accountId, studentId: studentId ?? '' } }),
    enabled: accountId !== '' && studentId !== null,
    retry: false,
    select: (code) => [code],
  });
  const sheet = useQuery({
    ...endpointQuery(linkEndpoints.accessCodes, {
      params: { accountId },
      query: { pageSize: 500, classroomId: classroomId ?? undefined },
    }),
    enabled: accountId !== '' && studentId === null,
    retry: false,
    select: (page) => page.items,
  });
  const codes = studentId === null ? sheet : one;

  const signInHref = `${paths.signIn}?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` }).toString()}`;
  const needsSignIn =
    (session.isError && !params.get('account')) ||
    (codes.error instanceof ApiError && (codes.error.status === 401 || codes.error.status === 403));
  const needle = search.trim().toLowerCase();
  const shown = (codes.data ?? []).filter((code) =>
    needle ? `${code.name} ${code.customId ?? ''} ${code.rfid ?? ''}`.toLowerCase().includes(needle) : true,
  );
  const single = studentId !== null;
  const size = single ? 240 : variant === 'qr' ? 160 : 112;

  return (
    <section className={`${styles.page} ${single ? '' : styles.wide}`} aria-labelledby="codes-title">
      <div className={`${styles.toolbar} ${styles.noPrint}`}>
        <div>
          <h1 id="codes-title" className={styles.title}>
            {variant === 'qr' ? t('codes.qrTitle') : t('codes.sheetTitle')}
          </h1>
          <p className={styles.muted} style={{ margin: 0 }}>
            {t('codes.intro')}
          </p>
        </div>
        {codes.isSuccess && shown.length > 0 ? (
          <button type="button" className="bw-btn bw-btn--primary" onClick={() => window.print()}>
            {t('codes.print')}
          </button>
        ) : null}
      </div>
      {needsSignIn ? (
        <div className={styles.card}>
          <p className={styles.muted}>{t('codes.signInNeeded')}</p>
          <Link to={signInHref} className="bw-btn bw-btn--primary">
            {t('codes.signIn')}
          </Link>
        </div>
      ) : codes.isError ? (
        <p className={styles.error} role="alert">
          {translateError(t, codes.error)}
        </p>
      ) : codes.isPending ? (
        <div className={styles.spinner} role="status">
          <span className="bw-visually-hidden">{t('codes.loading')}</span>
        </div>
      ) : codes.data.length === 0 ? (
        <p className={styles.muted}>{t('codes.empty')}</p>
      ) : (
        <>
          {single ? null : (
            <div className={styles.noPrint} style={{ marginBottom: 16 }}>
              <input
                type="search"
                className={styles.input}
                placeholder={t('codes.search')}
                aria-label={t('codes.search')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          )}
          <Suspense fallback={<div className={styles.spinner} aria-hidden="true" />}>
            <ul
              className={`${styles.grid} ${variant === 'sheet' ? styles.sheet : ''}`}
              style={{ listStyle: 'none', margin: 0, padding: 0, ...(single ? { display: 'block' } : {}) }}
            >
              {shown.map((code) => (
                <li
                  key={code.studentId}
                  className={`${styles.code} ${single ? styles.single : ''}`}
                  data-testid="access-code"
                >
                  <QrCode value={code.qrPayload} size={size} title={code.name} />
                  <strong>{code.name}</strong>
                  {code.customId ? <small>{code.customId}</small> : null}
                  {code.rfid ? <small>{t('codes.rfid', { rfid: code.rfid })}</small> : null}
                  {variant === 'qr' && code.classrooms.length > 0 ? (
                    <small>{code.classrooms.join(', ')}</small>
                  ) : null}
                </li>
              ))}
            </ul>
          </Suspense>
        </>
      )}
    </section>
  );
}
