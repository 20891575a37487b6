import { linkEndpoints, otherUserEndpoints } from '@batchwise/domain';
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

/** One printed code: the QR, a name and the lines under it. */
interface PrintedCode {
  key: string;
  name: string;
  qrPayload: string;
  lines: string[];
  /** Words the search also looks in (ID, RFID, access code). */
  search: string;
}

/**
 * `/qr-code-student` (a QR code per student, or one student's with `student=`) and
 * `/all-student-access-codes` (a printable sheet: QR, name, ID and RFID of every student); with
 * `people="others"`, `/qr-code-other-user` (`user=` for one) and `/all-external-users-access-codes`
 * for the account's staff, guards and visitors (QR, name, role and access code). Opened from the
 * students page or the gate's people page in a new tab; the data needs a staff sign-in. `account`
 * (and for students `classroom`) narrow the list. Free of Ant Design: the QR generator loads lazily.
 */
export function AccessCodesPage({
  variant,
  people = 'students',
}: {
  variant: 'qr' | 'sheet';
  people?: 'students' | 'others';
}) {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const accountId = params.get('account') ?? activeAccount(session.data)?.id ?? '';
  const others = people === 'others';
  const studentId = others ? null : params.get('student');
  const userId = others ? params.get('user') : null;
  const classroomId = params.get('classroom');
  const title = others
    ? t(variant === 'qr' ? 'codes.otherQrTitle' : 'codes.otherSheetTitle')
    : t(variant === 'qr' ? 'codes.qrTitle' : 'codes.sheetTitle');
  useDocumentTitle(title);

  // One student's code, the students' sheet, or the other users; only what the page shows is fetched.
  const one = useQuery({
    ...endpointQuery(linkEndpoints.accessCode, { params: { accountId, studentId: studentId ?? '' } }),
    enabled: accountId !== '' && !others && studentId !== null,
    retry: false,
    select: (code) => [code],
  });
  const sheet = useQuery({
    ...endpointQuery(linkEndpoints.accessCodes, {
      params: { accountId },
      query: { pageSize: 500, classroomId: classroomId ?? undefined },
    }),
    enabled: accountId !== '' && !others && studentId === null,
    retry: false,
    select: (page) => page.items,
  });
  const otherList = useQuery({
    ...endpointQuery(otherUserEndpoints.list, { params: { accountId } }),
    enabled: accountId !== '' && others,
    retry: false,
    select: (list) => list.items.filter((person) => userId === null || person.id === userId),
  });
  const printed = (): PrintedCode[] | undefined =>
    others
      ? otherList.data?.map((p) => ({
          key: p.id,
          name: p.name,
          qrPayload: p.qrPayload,
          lines: [
            t(`codes.roles.${p.role}`),
            t('codes.accessCode', { code: p.code }),
            ...(p.validTo ? [t('codes.validTo', { day: p.validTo })] : []),
          ],
          search: p.code,
        }))
      : (studentId === null ? sheet : one).data?.map((code) => ({
          key: code.studentId,
          name: code.name,
          qrPayload: code.qrPayload,
          lines: [
            ...(code.customId ? [code.customId] : []),
            ...(code.rfid ? [t('codes.rfid', { rfid: code.rfid })] : []),
            ...(variant === 'qr' && code.classrooms.length > 0 ? [code.classrooms.join(', ')] : []),
          ],
          search: `${code.customId ?? ''} ${code.rfid ?? ''}`,
        }));
  const codes = others ? otherList : studentId === null ? sheet : one;
  const data = printed();

  const signInHref = `${paths.signIn}?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` }).toString()}`;
  const needsSignIn =
    (session.isError && !params.get('account')) ||
    (codes.error instanceof ApiError && (codes.error.status === 401 || codes.error.status === 403));
  const needle = search.trim().toLowerCase();
  const shown = (data ?? []).filter((code) =>
    needle ? `${code.name} ${code.search}`.toLowerCase().includes(needle) : true,
  );
  const single = studentId !== null || userId !== null;
  const size = single ? 240 : variant === 'qr' ? 160 : 112;

  return (
    <section className={`${styles.page} ${single ? '' : styles.wide}`} aria-labelledby="codes-title">
      <div className={`${styles.toolbar} ${styles.noPrint}`}>
        <div>
          <h1 id="codes-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.muted} style={{ margin: 0 }}>
            {t(others ? 'codes.otherIntro' : 'codes.intro')}
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
      ) : !data || data.length === 0 ? (
        <p className={styles.muted}>{t(others ? 'codes.otherEmpty' : 'codes.empty')}</p>
      ) : (
        <>
          {single ? null : (
            <div className={styles.noPrint} style={{ marginBottom: 16 }}>
              <input
                type="search"
                className={styles.input}
                placeholder={t(others ? 'codes.otherSearch' : 'codes.search')}
                aria-label={t(others ? 'codes.otherSearch' : 'codes.search')}
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
                  key={code.key}
                  className={`${styles.code} ${single ? styles.single : ''}`}
                  data-testid="access-code"
                >
                  <QrCode value={code.qrPayload} size={size} title={code.name} />
                  <strong>{code.name}</strong>
                  {code.lines.map((line) => (
                    <small key={line}>{line}</small>
                  ))}
                </li>
              ))}
            </ul>
          </Suspense>
        </>
      )}
    </section>
  );
}
