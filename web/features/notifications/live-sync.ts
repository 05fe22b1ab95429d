import { connectLiveEvents, type LiveEvent } from '../../lib/live-events.ts';
import { queryClient } from '../../lib/query-client.ts';
import {
  commentKeys,
  decisionKeys,
  notificationKeys,
  teamKeys,
  workspaceKeys,
} from '../../lib/query-keys.ts';
import { fetchNotifications } from './notifications-api.ts';

function numberField(data: unknown, field: string): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Issue 29: a workspace changed (members, roles, invitations, name, criteria sets, deletion): the
 * workspace list (switcher, forms), that workspace's page and sets, and the decision lists whose
 * cards carry its name or whose members it decides.
 */
export function refreshWorkspace(workspaceId: number) {
  void queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
  void queryClient.invalidateQueries({ queryKey: workspaceKeys.details(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: workspaceKeys.criteriaSets(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: decisionKeys.list() });
}

function refreshDecision(decisionId: number) {
  void queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) });
  void queryClient.invalidateQueries({ queryKey: decisionKeys.list() });
}

/**
 * Connects the signed-in user's event stream to the client state: the bell's unread count, the
 * notification list, every cached view of a decision that changed and its comments. Returns the stop function.
 * `onUnread` receives every new unread count (the bell's badge).
 */
export function startLiveSync(token: string, onUnread: (count: number) => void): () => void {
  let hasBeenReady = false;

  function handle(event: LiveEvent) {
    switch (event.type) {
      case 'ready':
        // The unread count is fetched on (re)connection; after an outage, cached decisions may be stale.
        void queryClient
          .fetchQuery({ queryKey: notificationKeys.list(), queryFn: fetchNotifications, staleTime: 0 })
          .then((list) => onUnread(list.filter((notification) => !notification.read).length))
          .catch(() => undefined);
        if (hasBeenReady) {
          void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
          void queryClient.invalidateQueries({ queryKey: teamKeys.all });
          void queryClient.invalidateQueries({ queryKey: commentKeys.all });
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
        }
        hasBeenReady = true;
        break;
      case 'notification': {
        const unread = numberField(event.data, 'unread');
        if (unread !== null) onUnread(unread);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        break;
      }
      case 'decision-changed': {
        const decisionId = numberField(event.data, 'decision_id');
        if (decisionId !== null) refreshDecision(decisionId);
        break;
      }
      case 'workspace-changed': {
        const workspaceId = numberField(event.data, 'workspace_id');
        if (workspaceId !== null) refreshWorkspace(workspaceId);
        break;
      }
      // A comment was added, edited or deleted: an open page shows the list as it is now.
      case 'comments-changed': {
        const decisionId = numberField(event.data, 'decision_id');
        if (decisionId !== null)
          void queryClient.invalidateQueries({ queryKey: commentKeys.forDecision(decisionId) });
        break;
      }
    }
  }

  const stop = connectLiveEvents({ url: '/api/events', token, onEvent: handle });
  return stop;
}
