import { portalEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Segmented, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';

/**
 * The child an EduCast is watched as: a student's own record, or the parent's pick among their
 * children. The course rules are the child's (classrooms, VideoPermission).
 */
export function FamilyChild({ children }: { children: (studentId: string) => ReactNode }) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  const home = useQuery(endpointQuery(portalEndpoints.home));
  const [picked, setPicked] = useState<string>();
  const all = home.data?.children ?? [];
  const studentId = picked ?? all[0]?.studentId;
  if (home.isPending) return <Skeleton active />;
  if (home.isError) return <Alert type="error" showIcon message={translateError(t, home.error)} />;
  if (!studentId) return <Empty description={t('family.noChild')} />;
  return (
    <>
      {all.length > 1 && (
        <Segmented
          value={studentId}
          onChange={(value) => setPicked(String(value))}
          options={all.map((c) => ({ value: c.studentId, label: c.name }))}
        />
      )}
      {children(studentId)}
    </>
  );
}
