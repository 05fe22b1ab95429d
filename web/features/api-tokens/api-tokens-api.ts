import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenRequest, CreatedApiToken } from '../../../shared/api/api-tokens.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { apiTokenKeys } from '../../lib/query-keys.ts';

export function useApiTokensQuery() {
  return useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: () => apiRequest<ApiToken[]>('/api/tokens'),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) =>
      apiRequest<CreatedApiToken>('/api/tokens', { method: 'POST', json: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}
