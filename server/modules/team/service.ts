import type { Emit } from '../../events/domain-events.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DecisionsService } from '../decisions/index.ts';
import { createAcceptInvitation } from './accept-invitation.ts';
import { createInvite } from './invite.ts';
import { createMembers } from './members.ts';
import type { TeamRepo } from './repo.ts';

export interface TeamServiceDeps {
  team: TeamRepo;
  decisionsService: DecisionsService;
  emit: Emit;
  mailer: Mailer;
  appUrl: string;
}

/** The team's invitations and members; team voting is createTeamVoting (voting.ts). */
export function createTeamService(deps: TeamServiceDeps) {
  return { ...createInvite(deps), ...createAcceptInvitation(deps), ...createMembers(deps) };
}

export type TeamService = ReturnType<typeof createTeamService>;
