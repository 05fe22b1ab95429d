import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AiOpinionResponse } from '../../../shared/api/ai.ts';
import type { Decision, DecisionDetails } from '../../../shared/api/decisions.ts';
import type {
  AcceptInvitationResponse,
  ChangeRoleRequest,
  CreateTeamDecisionRequest,
  InvitationPreview,
  InviteRequest,
  InviteResponse,
  SubmitVoteResponse,
  TeamEditRequest,
} from '../../../shared/api/team.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { decisionKeys, teamKeys } from '../../lib/query-keys.ts';
import { fetchDecisionDetails } from '../decisions/decisions-api.ts';

export type TeamMember = DecisionDetails['teamMembers'][number];
export type TeamRole = TeamMember['role'];
type DecisionMode = Decision['mode'];

function fetchTeamMembers(decisionId: number) {
  return apiRequest<TeamMember[]>(`/api/team/team-members/${decisionId}`);
}

function validateInvitation(token: string) {
  return apiRequest<InvitationPreview>(`/api/team/validate/${encodeURIComponent(token)}`);
}

export function useTeamDetailsQuery(decisionId: number) {
  return useQuery({
    queryKey: decisionKeys.details(decisionId),
    queryFn: () => fetchDecisionDetails(decisionId),
    enabled: Number.isInteger(decisionId) && decisionId > 0,
    // Live events refresh it; a refetch on every focus would only repeat what they delivered.
    staleTime: 60_000,
  });
}

export function useTeamMembersQuery(decisionId: number) {
  return useQuery({
    queryKey: teamKeys.members(decisionId),
    queryFn: () => fetchTeamMembers(decisionId),
    enabled: Number.isInteger(decisionId) && decisionId > 0,
  });
}

export function useInvitationPreviewQuery(token: string | null) {
  return useQuery({
    queryKey: teamKeys.invitation(token ?? ''),
    queryFn: () => validateInvitation(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    // A token's preview does not change while the page is open; it is single use anyway.
    staleTime: Infinity,
  });
}

// What each write changes, in one place: the mutation hooks below call these after success.
function refreshDetails(queryClient: QueryClient, decisionId: number) {
  return queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) });
}

function refreshTeam(queryClient: QueryClient, decisionId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) }),
    refreshDetails(queryClient, decisionId),
  ]);
}

function refreshList(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: decisionKeys.list() });
}

export function useCreateTeamDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 29: `workspace_id` makes every member of that workspace a member of the decision.
    mutationFn: (request: CreateTeamDecisionRequest) =>
      apiRequest<Decision>('/api/team-decisions', { method: 'POST', json: request }),
    onSuccess: () => refreshList(queryClient),
  });
}

/**
 * PUT /api/team-decisions/{id}: lists, names, the caller's votes and weights in one request. Its answer
 * is the caller's fresh details, so the cache takes it as it is instead of loading it again.
 */
export function useSaveTeamEdit(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TeamEditRequest) =>
      apiRequest<DecisionDetails>(`/api/team-decisions/${decisionId}`, { method: 'PUT', json: request }),
    onSuccess: async (details) => {
      queryClient.setQueryData(decisionKeys.details(decisionId), details);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) }),
        refreshList(queryClient),
      ]);
    },
    // A refusal (deadline passed, completed by AI) means the page shows an outdated state.
    onError: () => refreshDetails(queryClient, decisionId),
  });
}

/** The mode alone (PUT /api/decision/{id} with the stored name); it takes effect at once. */
export function useChangeTeamMode(decision: Pick<Decision, 'id' | 'name'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: DecisionMode) =>
      apiRequest<Decision>(`/api/decision/${decision.id}`, {
        method: 'PUT',
        json: { name: decision.name, mode, type: 'team' },
      }),
    onSettled: () => refreshDetails(queryClient, decision.id),
  });
}

/** Makes the caller's complete, saved vote final (issue 27); the details then show their results. */
export function useSubmitVote(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<SubmitVoteResponse>(`/api/decision/${decisionId}/submit`, { method: 'POST' }),
    onSettled: () => Promise.all([refreshTeam(queryClient, decisionId), refreshList(queryClient)]),
  });
}

/** Owner and admin: reopens a voter's submitted vote; the voter is notified by the server. */
export function useReopenVote(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<MessageResponse>(`/api/decision/${decisionId}/members/${userId}/reopen`, { method: 'POST' }),
    onSettled: () => refreshTeam(queryClient, decisionId),
  });
}

/**
 * The AI's second opinion on a manual-mode team decision (issue 18). It replaces the previous one and
 * never changes a result; the details show it to the caller once their own vote is complete.
 */
export function useAskAiOpinion(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<AiOpinionResponse>(`/api/decision/${decisionId}/ai-opinion`, { method: 'POST' }),
    onSettled: () => refreshDetails(queryClient, decisionId),
  });
}

export function useSetDeadline(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timer: string | null) =>
      apiRequest<MessageResponse & { timer: string | null }>(`/api/decision/${decisionId}/timer`, {
        method: 'PATCH',
        json: { timer },
      }),
    onSettled: () => refreshDetails(queryClient, decisionId),
  });
}

export function useEndVoting(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<MessageResponse & { timer: string }>(`/api/decision/${decisionId}/end-voting`, {
        method: 'POST',
      }),
    onSuccess: () => refreshDetails(queryClient, decisionId),
  });
}

export function useActivateDecision(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>(`/api/decision/${decisionId}/activate`, { method: 'POST' }),
    onSuccess: () => Promise.all([refreshList(queryClient), refreshDetails(queryClient, decisionId)]),
  });
}

export function useInviteMember(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<InviteRequest, 'decision_id'>) =>
      apiRequest<InviteResponse>('/api/team/invite', {
        method: 'POST',
        json: { ...request, decision_id: decisionId },
      }),
    onSuccess: () => refreshTeam(queryClient, decisionId),
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<AcceptInvitationResponse>('/api/team/accept', {
        method: 'POST',
        json: { invite_token: token },
      }),
    onSuccess: () => refreshList(queryClient),
  });
}

export function useChangeMemberRole(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: ChangeRoleRequest['role'] }) =>
      apiRequest<MessageResponse>(`/api/team/${decisionId}/members/${userId}`, {
        method: 'PUT',
        json: { role },
      }),
    onSuccess: () => refreshTeam(queryClient, decisionId),
  });
}

export function useRemoveMember(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<MessageResponse>(`/api/team/${decisionId}/members/${userId}`, { method: 'DELETE' }),
    onSuccess: () => refreshTeam(queryClient, decisionId),
  });
}

export function useRevokeInvitation(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiRequest<MessageResponse>(`/api/team/${decisionId}/invitations/${invitationId}`, {
        method: 'DELETE',
      }),
    onSuccess: () => refreshTeam(queryClient, decisionId),
  });
}

const VOTER_ROLES = new Set<string>(['owner', 'admin', 'editor']);

/** Owner, admin and editors vote; viewers read along and never count as pending (DESIGN.md). */
export function isVoter(member: Pick<TeamMember, 'role'>): boolean {
  return VOTER_ROLES.has(member.role);
}

const KNOWN_ROLES = new Set(['owner', 'admin', 'editor', 'viewer']);

/** The role's label; an invitee whose role is unknown is shown as "Member" (SPEC.md section 6). */
export function roleLabel(t: TFunction, role: string | null | undefined): string {
  return role && KNOWN_ROLES.has(role) ? t(`roles.${role}`) : t('roles.member');
}

const MISSING_MATRIX_RETRIES = 4;
const MISSING_MATRIX_RETRY_MS = 500;

/**
 * The team decision behind a route, with SPEC.md's load errors ("Entscheidung nicht gefunden",
 * "Keine Team-Entscheidung gefunden") and its retry: while options or criteria are missing, load again
 * up to 4 times at 500 ms, then report `hasGivenUp` so the page can offer "Erneut versuchen".
 */
export function useTeamDecision(decisionId: number, { retryMissingMatrix = true } = {}) {
  const { t } = useTranslation();
  const details = useTeamDetailsQuery(decisionId);
  const [retries, setRetries] = useState(0);
  const { data, error, refetch } = details;
  const isMatrixMissing =
    retryMissingMatrix && data !== undefined && (data.options.length === 0 || data.criteria.length === 0);

  useEffect(() => {
    if (!isMatrixMissing || retries >= MISSING_MATRIX_RETRIES) return;
    const timer = setTimeout(() => {
      setRetries((count) => count + 1);
      void refetch();
    }, MISSING_MATRIX_RETRY_MS);
    return () => clearTimeout(timer);
  }, [isMatrixMissing, retries, refetch]);

  let loadError: string | null = null;
  if (Number.isNaN(decisionId) || (error instanceof ApiError && error.status === 404)) {
    loadError = t('teamView.notFound');
  } else if (error) {
    loadError = (error instanceof ApiError ? error.serverMessage : null) ?? t('teamView.loadFailed');
  } else if (data && data.decision.type !== 'team') {
    loadError = t('teamView.notTeam');
  }

  return {
    details: loadError ? undefined : data,
    loadError,
    isMatrixMissing,
    isRetrying: isMatrixMissing && retries < MISSING_MATRIX_RETRIES,
    hasGivenUp: isMatrixMissing && retries >= MISSING_MATRIX_RETRIES,
    retry: () => {
      setRetries(0);
      void refetch();
    },
  };
}
