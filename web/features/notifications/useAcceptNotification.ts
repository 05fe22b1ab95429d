import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { decisionKeys } from '../decisions/decisions-api.ts';
import { acceptFromNotification, notificationKeys } from './notifications-api.ts';

/** Accepts an invitation from its notification (marked read by the server), then opens the decision. */
export function useAcceptNotification(onAccepted?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptFromNotification,
    onSuccess: async (result) => {
      notify('success', result.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
      ]);
      onAccepted?.();
      await navigate(`/team-decision/${result.decision_id}`);
    },
    onError: (error) => notify('error', serverMessageOf(error) ?? t('bell.acceptFailed')),
  });
}
