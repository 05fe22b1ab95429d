import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type {
  CreateDecisionRequest,
  Decision,
  DecisionDetails,
  DecisionListItem,
  EvaluateRequest,
  UpdateDecisionRequest,
} from '../../../shared/api/decisions.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest, apiResponse } from '../../lib/api-client.ts';
import { decisionKeys } from '../../lib/query-keys.ts';

/** One page of GET /api/decision: its cards, how many the query finds in all, the next page's path. */
export interface DecisionPage {
  items: DecisionListItem[];
  total: number;
  next: string | null;
}

/** The target of a Link header's rel="next", or null on the last page. */
export function nextLinkOf(link: string | null): string | null {
  return /<([^>]+)>\s*;\s*rel="next"/.exec(link ?? '')?.[1] ?? null;
}

export async function fetchDecisionPage(path: string): Promise<DecisionPage> {
  const response = await apiResponse(path);
  const body: unknown = await response.json().catch(() => null);
  const items = Array.isArray(body) ? (body as DecisionListItem[]) : [];
  const total = Number(response.headers.get('X-Total-Count'));
  return {
    items,
    total: Number.isFinite(total) ? total : items.length,
    next: nextLinkOf(response.headers.get('Link')),
  };
}

/**
 * The decision list a page at a time (`params`: GET /api/decision's query); the next page follows the
 * server's Link header. While new parameters load, the previous cards stay (no flash while typing).
 */
export function useDecisionPagesQuery(params: URLSearchParams) {
  const query = params.toString();
  return useInfiniteQuery({
    queryKey: [...decisionKeys.list(), query],
    queryFn: ({ pageParam }) => fetchDecisionPage(pageParam),
    initialPageParam: `/api/decision?${query}`,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The loaded cards in the server's order, each once (SPEC.md section 7: de-duplicated by id). */
export function cardsOf(data: InfiniteData<DecisionPage> | undefined): DecisionListItem[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((decision) => !seen.has(decision.id) && seen.add(decision.id));
}

/** How many the query finds in all (X-Total-Count of the latest page), or undefined before the first. */
export function totalOf(data: InfiniteData<DecisionPage> | undefined): number | undefined {
  return data?.pages.at(-1)?.total;
}

export function fetchDecisionDetails(id: number) {
  return apiRequest<DecisionDetails>(`/api/decision/${id}/details`);
}

export function fetchDecisionType(id: number) {
  return apiRequest<{ is_team: boolean }>(`/api/decision/${id}/type`);
}

export function saveEvaluations(id: number, request: EvaluateRequest) {
  return apiRequest<{ message: string; score: number | null }>(`/api/decision/${id}/evaluate`, {
    method: 'POST',
    json: request,
  });
}

export function useDecisionDetailsQuery(id: number) {
  return useQuery({
    queryKey: decisionKeys.details(id),
    queryFn: () => fetchDecisionDetails(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CreateDecisionRequest) =>
      apiRequest<Decision>('/api/decision', { method: 'POST', json: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}

export function useUpdateDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: UpdateDecisionRequest) =>
      apiRequest<Decision>(`/api/decision/${id}`, { method: 'PUT', json: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}

/**
 * Deletes a decision. `onDeleted` runs before the decision leaves the cache, so a page showing it can
 * navigate away first instead of loading it again and showing "not found".
 */
export function useDeleteDecision({
  onDeleted,
}: { onDeleted?: (response: MessageResponse) => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<MessageResponse>(`/api/decision/${id}`, { method: 'DELETE' }),
    onSuccess: async (response, id) => {
      await onDeleted?.(response);
      queryClient.removeQueries({ queryKey: decisionKeys.details(id) });
      await queryClient.invalidateQueries({ queryKey: decisionKeys.list() });
    },
  });
}

/** The route parameter as a decision id, or NaN for anything that cannot be one. */
export function parseDecisionId(param: string | undefined): number {
  return param && /^\d+$/.test(param) ? Number(param) : Number.NaN;
}

/** Saves the caller's own scores (the older evaluation screen); every decision query refreshes after. */
export function useSaveEvaluations(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EvaluateRequest) => saveEvaluations(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}
