import { useSuspenseQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenOnError } from '../../components/hidden-on-error';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount } from '../../lib/use-work-account';
import { verificationQuery } from './verification-query';
import { openVerificationPanel, useVerificationPanelOpen } from './verification-store';

/**
 * The panel and the student drawer it opens (with its date picker) load the first time the panel
 * opens: the notice is on every signed-in page, and its first load is budgeted (spec part 1 §2.3
 * "Loading by role").
 */
const VerificationPanel = lazy(() =>
  import('./verification-panel').then((module) => ({ default: module.VerificationPanel })),
);

const dismissedKey = (accountId: string) => `bw-verification-dismissed:${accountId}`;

function readDismissed(accountId: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(accountId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The persistent "Student Data Verification Required" notice (part 1 §4 "Other", §8): it stays
 * until dismissed (for this browser session) and goes away by itself once no student needs
 * verifying. It sits in the page flow above each page, never over it, so it cannot cover a
 * button; mounted once in the signed-in frame for teachers, admins and assistants, with the panel.
 */
export function VerificationNotice() {
  const work = useWorkAccount();
  if (!work || work.session.user.profession === null) return null;
  if (!['Teacher', 'Admin', 'TeacherAssistant'].includes(work.session.user.profession)) return null;
  return (
    <HiddenOnError>
      <Notice accountId={work.account.id} work={work} />
    </HiddenOnError>
  );
}

function Notice({
  accountId,
  work,
}: {
  accountId: string;
  work: NonNullable<ReturnType<typeof useWorkAccount>>;
}) {
  const { t } = useTranslation('students');
  const { locale } = useLanguage();
  // Suspends until the first answer: the signed-in frame shows the page with the notice, not
  // before it, so the notice never pushes a page down once it is on screen (app-shell.tsx).
  const list = useSuspenseQuery(verificationQuery(accountId));
  const count = list.data.length;
  const [dismissed, setDismissed] = useState(() => readDismissed(accountId));
  const open = useVerificationPanelOpen();
  // Once opened the panel stays mounted, so closing it plays its drawer's closing animation.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);

  const handleClose = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(dismissedKey(accountId), '1');
    } catch {
      // Private mode without storage: the notice simply comes back on the next visit.
    }
  };

  return (
    <>
      {count > 0 && !dismissed ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: handleClose, 'aria-label': t('verification.dismiss') }}
          title={t('verification.noticeTitle')}
          description={t('verification.noticeBody', {
            count,
            formatted: count.toLocaleString(locale),
            student: work.words.student,
            students: work.words.students,
          })}
          action={
            <Button type="primary" size="small" onClick={openVerificationPanel}>
              {t('verification.review')}
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="verification-notice"
        />
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <VerificationPanel work={work} />
        </Suspense>
      ) : null}
    </>
  );
}
