import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createInvitationReadsRepo } from './invitation-reads-repo.ts';
import { createInvitationWritesRepo } from './invitation-writes-repo.ts';
import { createMembersRepo } from './members-repo.ts';
import { createWorkspaceMembersRepo } from './workspace-members-repo.ts';

export type { InvitationRow } from './invitation-writes-repo.ts';

/** The team module's repo: the one writer of `team_members`, `invitations` and `invitation_tokens`. */
export function createTeamRepo(db: Kysely<Database>) {
  return {
    ...createInvitationReadsRepo(db),
    ...createInvitationWritesRepo(db),
    ...createMembersRepo(db),
    ...createWorkspaceMembersRepo(db),
  };
}

export type TeamRepo = ReturnType<typeof createTeamRepo>;
