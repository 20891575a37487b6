import { SHELL_ROUTES, type staffEndpoints } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../components/antd/feedback-app';
import { call, routed } from '../../lib/api-client';
import { forgetEverything, type Session } from '../../lib/session';
import { translateError } from '../../lib/translate-error';

/** While staff are signed in as someone, every screen says so, with the way back. */
export function ImpersonationBanner({ session }: { session: Session }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const end = useMutation({
    mutationFn: () => call(routed<typeof staffEndpoints.endImpersonation>(SHELL_ROUTES.endImpersonation)),
    onSuccess: (result) => {
      forgetEverything(queryClient);
      navigate(result.homePath, { replace: true });
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  if (!session.impersonator) return null;
  return (
    <Alert
      banner
      type="warning"
      role="status"
      title={t('impersonation.banner', { user: session.user.name, staff: session.impersonator.name })}
      action={
        <Button size="small" danger loading={end.isPending} onClick={() => end.mutate()}>
          {t('impersonation.end')}
        </Button>
      }
    />
  );
}
