import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys } from '../../lib/query-keys.ts';
import { mergeHistoryPages, nextHistoryCursor } from './history-model.ts';
import type { DecisionVersion, HistoryPage, Snapshot } from './history-types.ts';

/** The server's page size (its default and maximum). */
export const HISTORY_PAGE_SIZE = 100;

function fetchHistoryPage(decisionId: number, before: number | undefined) {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  return apiRequest<HistoryPage>(`/api/decision/${decisionId}/history?${query.toString()}`);
}

/**
 * GET /api/decision/{id}/history, newest first, one page at a time ("Show more" loads the page before
 * `next_before`). A live change of the decision reloads it (its key lies under the details').
 */
export function useHistoryQuery(decisionId: number) {
  const query = useInfiniteQuery({
    queryKey: decisionKeys.history(decisionId),
    queryFn: ({ pageParam }) => fetchHistoryPage(decisionId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextHistoryCursor,
    // The team edit page puts its answer into the details cache without an invalidation: load the
    // history again whenever the page shows it.
    refetchOnMount: 'always',
  });
  const entries = query.data ? mergeHistoryPages(query.data.pages) : [];
  return { ...query, entries };
}

/** GET /api/decision/{id}/versions/{versionId}: the matrix as it stood right after that save. */
export function useVersionQuery(decisionId: number, versionId: number | null) {
  return useQuery({
    queryKey: decisionKeys.version(decisionId, versionId ?? 0),
    queryFn: () => apiRequest<DecisionVersion>(`/api/decision/${decisionId}/versions/${versionId}`),
    enabled: versionId !== null,
    staleTime: Infinity,
  });
}

/** POST /api/decision/{id}/restore: the saved matrix comes back; the answer is the new details. */
export function useRestoreVersion(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) =>
      apiRequest<DecisionDetails>(`/api/decision/${decisionId}/restore`, {
        method: 'POST',
        json: { entry_id: entryId },
      }),
    onSuccess: (details) => {
      queryClient.setQueryData(decisionKeys.details(decisionId), details);
    },
    // The history gained a `restored` entry, the analysis and the dashboard card changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
      ]),
  });
}

/** GET /api/decision/{id}/snapshots: the frozen results, newest first. */
export function useSnapshotsQuery(decisionId: number, enabled = true) {
  return useQuery({
    queryKey: decisionKeys.snapshots(decisionId),
    queryFn: () => apiRequest<Snapshot[]>(`/api/decision/${decisionId}/snapshots`),
    enabled,
  });
}

/** POST /api/decision/{id}/snapshots { label }: the owner keeps the result as it stands now. */
export function useSaveSnapshot(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      apiRequest<Snapshot>(`/api/decision/${decisionId}/snapshots`, {
        method: 'POST',
        json: { label },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionKeys.snapshots(decisionId) }),
  });
}
