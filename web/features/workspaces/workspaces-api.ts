import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  acceptWorkspaceInvitationResponseSchema,
  createdWorkspaceSchema,
  criteriaSetRequestSchema,
  criteriaSetSchema,
  inviteToWorkspaceResponseSchema,
  workspaceDetailsSchema,
  workspaceInvitationPreviewSchema,
  workspaceListItemSchema,
  WorkspaceRole,
} from '../../../shared/api/workspaces.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys, workspaceKeys } from '../../lib/query-keys.ts';

export type { WorkspaceRole };
export type WorkspaceListItem = z.infer<typeof workspaceListItemSchema>;
export type WorkspaceDetails = z.infer<typeof workspaceDetailsSchema>;
export type WorkspaceMember = WorkspaceDetails['members'][number];
export type WorkspaceInvitation = NonNullable<WorkspaceDetails['invitations']>[number];
export type CriteriaSet = z.infer<typeof criteriaSetSchema>;
export type CriteriaSetRequest = z.input<typeof criteriaSetRequestSchema>;
export type WorkspaceInvitationPreview = z.infer<typeof workspaceInvitationPreviewSchema>;
type CreatedWorkspace = z.infer<typeof createdWorkspaceSchema>;
type InviteResponse = z.infer<typeof inviteToWorkspaceResponseSchema>;
type AcceptResponse = z.infer<typeof acceptWorkspaceInvitationResponseSchema>;

const base = (id: number) => `/api/workspaces/${id}`;

/** Owner and admins manage a workspace: rename, invite, roles, criteria sets. */
export function canManage(role: WorkspaceRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

export function fetchWorkspaces() {
  return apiRequest<WorkspaceListItem[]>('/api/workspaces');
}

export function fetchCriteriaSets(workspaceId: number) {
  return apiRequest<CriteriaSet[]>(`${base(workspaceId)}/criteria-sets`);
}

/** The caller's workspaces (the switcher, the list page, the selects of the decision forms). */
export function useWorkspacesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: workspaceKeys.list(), queryFn: fetchWorkspaces, enabled, staleTime: 30_000 });
}

export function useWorkspaceQuery(id: number) {
  return useQuery({
    queryKey: workspaceKeys.details(id),
    queryFn: () => apiRequest<WorkspaceDetails>(base(id)),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useCriteriaSetsQuery(workspaceId: number) {
  return useQuery({
    queryKey: workspaceKeys.criteriaSets(workspaceId),
    queryFn: () => fetchCriteriaSets(workspaceId),
    enabled: Number.isInteger(workspaceId) && workspaceId > 0,
  });
}

/** The criteria sets of every given workspace (the template dialog), one query each. */
export function useAllCriteriaSets(workspaces: readonly Pick<WorkspaceListItem, 'id'>[]) {
  return useQueries({
    queries: workspaces.map((workspace) => ({
      queryKey: workspaceKeys.criteriaSets(workspace.id),
      queryFn: () => fetchCriteriaSets(workspace.id),
    })),
  });
}

export function useWorkspaceInvitationPreviewQuery(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.invitation(token ?? ''),
    queryFn: () =>
      apiRequest<WorkspaceInvitationPreview>(
        `/api/workspaces/invitations/${encodeURIComponent(token ?? '')}`,
      ),
    enabled: Boolean(token) && enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/** After any write: the list (names, roles, counts) and that workspace's page. */
export function refreshWorkspace(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.details(id) }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.criteriaSets(id) }),
  ]);
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<CreatedWorkspace>('/api/workspaces', { method: 'POST', json: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  });
}

export function useRenameWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<unknown>(base(id), { method: 'PATCH', json: { name } }),
    onSuccess: () =>
      Promise.all([
        refreshWorkspace(queryClient, id),
        // Decision cards and details carry the workspace's name.
        queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
      ]),
  });
}

/** Delete, leave: the workspace is gone for the caller; its page's cache goes too. */
function forget(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: workspaceKeys.details(id) });
  queryClient.removeQueries({ queryKey: workspaceKeys.criteriaSets(id) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
    queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  ]);
}

export function useDeleteWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(base(id), { method: 'DELETE' }),
    onSuccess: () => forget(queryClient, id),
  });
}

export function useInviteToWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: { email: string; role: 'admin' | 'member' }) =>
      apiRequest<InviteResponse>(`${base(id)}/invitations`, { method: 'POST', json: invitation }),
    onSuccess: () => refreshWorkspace(queryClient, id),
  });
}

export function useRevokeWorkspaceInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiRequest<unknown>(`${base(id)}/invitations/${invitationId}`, { method: 'DELETE' }),
    onSuccess: () => refreshWorkspace(queryClient, id),
  });
}

export function useResendWorkspaceInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiRequest<unknown>(`${base(id)}/invitations/${invitationId}/resend`, { method: 'POST' }),
    onSuccess: () => refreshWorkspace(queryClient, id),
  });
}

export function useChangeWorkspaceRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: 'admin' | 'member' }) =>
      apiRequest<unknown>(`${base(id)}/members/${userId}`, { method: 'PATCH', json: { role } }),
    onSuccess: () => refreshWorkspace(queryClient, id),
  });
}

/** Removes a member; the caller's own id is leaving. */
export function useRemoveWorkspaceMember(id: number, { isLeaving = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<unknown>(`${base(id)}/members/${userId}`, { method: 'DELETE' }),
    onSuccess: () =>
      isLeaving
        ? forget(queryClient, id)
        : Promise.all([
            refreshWorkspace(queryClient, id),
            queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
          ]),
  });
}

export function useTransferWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<unknown>(`${base(id)}/transfer`, { method: 'POST', json: { user_id: userId } }),
    onSuccess: () => refreshWorkspace(queryClient, id),
  });
}

export function useSaveCriteriaSet(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ setId, set }: { setId: number | null; set: CriteriaSetRequest }) =>
      apiRequest<CriteriaSet>(
        setId === null ? `${base(workspaceId)}/criteria-sets` : `${base(workspaceId)}/criteria-sets/${setId}`,
        { method: setId === null ? 'POST' : 'PUT', json: set },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.criteriaSets(workspaceId) }),
  });
}

/** Saves a new set into a workspace chosen at the time ("Save criteria to workspace"). */
export function useCreateCriteriaSetIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, set }: { workspaceId: number; set: CriteriaSetRequest }) =>
      apiRequest<CriteriaSet>(`${base(workspaceId)}/criteria-sets`, { method: 'POST', json: set }),
    onSuccess: (_set, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: workspaceKeys.criteriaSets(workspaceId) }),
  });
}

export function useDeleteCriteriaSet(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setId: number) =>
      apiRequest<unknown>(`${base(workspaceId)}/criteria-sets/${setId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.criteriaSets(workspaceId) }),
  });
}

export function useAcceptWorkspaceInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<AcceptResponse>('/api/workspaces/accept', { method: 'POST', json: { invite_token: token } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
      ]),
  });
}

/** The route parameter as a workspace id, or NaN. */
export function parseWorkspaceId(param: string | undefined): number {
  return param && /^\d+$/.test(param) ? Number(param) : Number.NaN;
}
