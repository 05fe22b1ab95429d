import type { Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../../db/schema.ts';
import type { DomainEvent } from '../../events/domain-events.ts';

/**
 * What a workspace membership change does to the workspace's team decisions (issue 29). The workspaces
 * module calls it inside its own transaction, after locking the workspace row; the team module
 * implements it (team/workspace-decision-sync.ts). Each method returns the events to emit once the
 * transaction committed.
 */
export interface WorkspaceDecisionSync {
  /**
   * A new member (or a returning one): joins the workspace's `draft` and `open` decisions (owner and
   * admins as `admin`, members as `editor`) and the `closed`/`decided` ones as `viewer`.
   */
  memberJoined(
    workspaceId: number,
    userId: number,
    role: WorkspaceRole,
    trx: Transaction<Database>,
  ): Promise<DomainEvent[]>;
  /**
   * Left or removed: leaves the `draft` and `open` decisions (votes and weights removed, as for a
   * removed decision member) and loses access to `closed` and `decided` ones, where the votes stay.
   */
  memberLeft(workspaceId: number, userId: number, trx: Transaction<Database>): Promise<DomainEvent[]>;
  /** A role change (or a transfer): follows in the draft and open decisions unless the role was pinned. */
  roleChanged(
    workspaceId: number,
    userId: number,
    role: WorkspaceRole,
    trx: Transaction<Database>,
  ): Promise<DomainEvent[]>;
  /** Before the workspace row goes: its decisions stay with their owners as ordinary team decisions. */
  workspaceDeleted(workspaceId: number, trx: Transaction<Database>): Promise<DomainEvent[]>;
}
