import { MessageOutlined } from '@ant-design/icons';
import type { StudentListItem } from '@batchwise/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWorkAccount } from '../../lib/use-work-account';

/**
 * The bulk "Send SMS" action: opens the SMS page (a sibling route in the same area) with the
 * picked students as router state, since thousands of ids do not fit in a URL. SMS goes out from
 * the work account: an admin's may reach every teacher's students of the team (paid from the
 * admin's quota); anyone else's only its own students, so only those are passed on.
 */
export function SendSmsButton({ selected, accountId }: { selected: StudentListItem[]; accountId: string }) {
  const { t } = useTranslation('students');
  const navigate = useNavigate();
  const isAdmin = useWorkAccount()?.isAdmin ?? false;
  const ids = selected.filter((s) => isAdmin || s.accountId === accountId).map((s) => s.id);
  return (
    <Button
      icon={<MessageOutlined />}
      disabled={ids.length === 0}
      onClick={() => navigate('../sms', { relative: 'path', state: { smsStudentIds: ids } })}
    >
      {t('students.bulk.sms')}
    </Button>
  );
}
