import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Decision, DecisionDetails, UpdateDecisionRequest } from '../../../shared/api/decisions.ts';
import type { CreateTeamDecisionRequest, InviteRequest } from '../../../shared/api/team.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { decisionKeys, fetchDecisionDetails } from '../decisions/decisions-api.ts';

export type TeamMember = DecisionDetails['teamMembers'][number];
export type TeamRole = TeamMember['role'];

interface MessageResponse {
  message: string;
}

export interface InviteResponse extends MessageResponse {
  invite_token: string;
  token: string;
  link: string;
  invitation_id: number;
  /** true while the inviter's address is unconfirmed: the mail waits, the link works already. */
  mail_held: boolean;
}

export interface InvitationPreview {
  role: 'editor' | 'viewer';
  decision_id: number;
  decision_name: string;
  inviter: string;
  email: string;
  expires_at: string;
}

/** Team data lives beside the decision's details (shared with the personal pages' cache). */
export const teamKeys = {
  all: ['team'] as const,
  members: (decisionId: number) => [...teamKeys.all, 'members', decisionId] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};

export function createTeamDecision(request: CreateTeamDecisionRequest) {
  return apiRequest<Decision>('/api/team-decisions', { method: 'POST', json: request });
}

export function inviteMember(request: InviteRequest) {
  return apiRequest<InviteResponse>('/api/team/invite', { method: 'POST', json: request });
}

export function validateInvitation(token: string) {
  return apiRequest<InvitationPreview>(`/api/team/validate/${encodeURIComponent(token)}`);
}

export function acceptInvitation(token: string) {
  return apiRequest<MessageResponse & { decision_id: number }>('/api/team/accept', {
    method: 'POST',
    json: { invite_token: token },
  });
}

export function fetchTeamMembers(decisionId: number) {
  return apiRequest<TeamMember[]>(`/api/team/team-members/${decisionId}`);
}

export function changeMemberRole(decisionId: number, userId: number, role: 'admin' | 'editor' | 'viewer') {
  return apiRequest<MessageResponse>(`/api/team/${decisionId}/members/${userId}`, {
    method: 'PUT',
    json: { role },
  });
}

export function removeMember(decisionId: number, userId: number) {
  return apiRequest<MessageResponse>(`/api/team/${decisionId}/members/${userId}`, { method: 'DELETE' });
}

export function revokeInvitation(decisionId: number, invitationId: number) {
  return apiRequest<MessageResponse>(`/api/team/${decisionId}/invitations/${invitationId}`, {
    method: 'DELETE',
  });
}

export function activateDecision(decisionId: number) {
  return apiRequest<MessageResponse>(`/api/decision/${decisionId}/activate`, { method: 'POST' });
}

export function setDeadline(decisionId: number, timer: string | null) {
  return apiRequest<MessageResponse & { timer: string | null }>(`/api/decision/${decisionId}/timer`, {
    method: 'PATCH',
    json: { timer },
  });
}

export function endVoting(decisionId: number) {
  return apiRequest<MessageResponse & { timer: string }>(`/api/decision/${decisionId}/end-voting`, {
    method: 'POST',
  });
}

export function saveWeights(decisionId: number, weights: { criterion_id: number; weight: number | null }[]) {
  return apiRequest<MessageResponse>(`/api/decision/${decisionId}/weights`, {
    method: 'POST',
    json: { weights },
  });
}

export function saveVotes(
  decisionId: number,
  evaluations: { option_id: number; criterion_id: number; value: number; explanation: null }[],
) {
  return apiRequest<MessageResponse>(`/api/decision/${decisionId}/evaluate`, {
    method: 'POST',
    json: { evaluations },
  });
}

export function updateTeamDecision(decisionId: number, request: UpdateDecisionRequest) {
  return apiRequest<Decision>(`/api/decision/${decisionId}`, {
    method: 'PUT',
    json: { ...request, type: 'team' },
  });
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

/** The name shown for a member: nickname, else "Unknown" (SPEC.md section 2). */
export function memberNickname(member: TeamMember): string | null {
  return member.nickname ?? member.users.nickname ?? null;
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
