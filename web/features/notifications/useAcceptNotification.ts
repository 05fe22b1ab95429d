import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useAcceptFromNotification } from './notifications-api.ts';

/** Accepts an invitation from its notification (marked read by the server), then opens the decision. */
export function useAcceptNotification(onAccepted?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptFromNotification();
  return {
    isPending: accept.isPending,
    /** The notification being accepted. */
    variables: accept.variables,
    mutate: (notificationId: number) =>
      accept.mutate(notificationId, {
        onSuccess: async (result) => {
          notify('success', result.message);
          onAccepted?.();
          await navigate(`/team-decision/${result.decision_id}`);
        },
        onError: (error) => notify('error', serverMessageOf(error) ?? t('bell.acceptFailed')),
      }),
  };
}
