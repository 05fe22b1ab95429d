import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  CreateWebhookRequest,
  Webhook,
  WebhookDelivery,
} from '../../../shared/api/webhooks.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { webhookKeys } from '../../lib/query-keys.ts';

export type { CreatedWebhook, Webhook, WebhookDelivery };

/** What the webhooks belong to: a team decision, or a workspace (and so every decision in it). */
export type WebhookScope = { decisionId: number } | { workspaceId: number };

const scopeKey = (scope: WebhookScope) =>
  'decisionId' in scope ? `decision:${scope.decisionId}` : `workspace:${scope.workspaceId}`;
const scopeQuery = (scope: WebhookScope) =>
  'decisionId' in scope ? `decision_id=${scope.decisionId}` : `workspace_id=${scope.workspaceId}`;
const scopeBody = (scope: WebhookScope) =>
  'decisionId' in scope ? { decision_id: scope.decisionId } : { workspace_id: scope.workspaceId };

export function useWebhooksQuery(scope: WebhookScope) {
  return useQuery({
    queryKey: webhookKeys.list(scopeKey(scope)),
    queryFn: () => apiRequest<Webhook[]>(`/api/webhooks?${scopeQuery(scope)}`),
  });
}

export function useWebhookDeliveriesQuery(webhookId: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: () => apiRequest<WebhookDelivery[]>(`/api/webhooks/${webhookId}/deliveries`),
  });
}

/** Answers the new webhook's id and its secret, which the server never shows again. */
export function useAddWebhook(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateWebhookRequest, 'decision_id' | 'workspace_id'>) =>
      apiRequest<CreatedWebhook>('/api/webhooks', {
        method: 'POST',
        json: { ...scopeBody(scope), ...input },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(scopeKey(scope)) }),
  });
}

export function useRemoveWebhook(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => apiRequest<null>(`/api/webhooks/${webhookId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(scopeKey(scope)) }),
  });
}
