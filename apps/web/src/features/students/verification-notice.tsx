import { useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount } from '../../lib/use-work-account';
import { verificationQuery } from './student-api';
import { VerificationPanel } from './verification-panel';
import { openVerificationPanel } from './verification-store';

const NOTICE_KEY = 'student-data-verification';
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
 * verifying. Mounted once in the signed-in app for teachers, admins and assistants, with the panel.
 */
export function VerificationNotice() {
  const work = useWorkAccount();
  if (!work || work.session.user.profession === null) return null;
  if (!['Teacher', 'Admin', 'TeacherAssistant'].includes(work.session.user.profession)) return null;
  return <Notice accountId={work.account.id} work={work} />;
}

function Notice({
  accountId,
  work,
}: {
  accountId: string;
  work: NonNullable<ReturnType<typeof useWorkAccount>>;
}) {
  const { t } = useTranslation('students');
  const { notification } = App.useApp();
  const { locale } = useLanguage();
  const list = useQuery(verificationQuery(accountId));
  const count = list.data?.length ?? 0;
  const closingByItself = useRef(false);

  useEffect(() => {
    if (count === 0 || readDismissed(accountId)) {
      closingByItself.current = true;
      notification.destroy(NOTICE_KEY);
      return;
    }
    closingByItself.current = false;
    notification.warning({
      key: NOTICE_KEY,
      title: t('verification.noticeTitle'),
      description: t('verification.noticeBody', {
        count,
        formatted: count.toLocaleString(locale),
        student: work.words.student,
        students: work.words.students,
      }),
      duration: false,
      placement: 'bottomRight',
      role: 'alert',
      actions: (
        <Button type="primary" size="small" onClick={openVerificationPanel}>
          {t('verification.review')}
        </Button>
      ),
      onClose: () => {
        if (closingByItself.current) return;
        try {
          sessionStorage.setItem(dismissedKey(accountId), '1');
        } catch {
          // Private mode without storage: the notice simply comes back on the next visit.
        }
      },
    });
  }, [count, accountId, notification, t, work.words.student, work.words.students, locale]);

  useEffect(
    () => () => {
      closingByItself.current = true;
      notification.destroy(NOTICE_KEY);
    },
    [notification],
  );

  return <VerificationPanel work={work} />;
}
