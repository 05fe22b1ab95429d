import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { toIsoString } from '../../db/values.ts';
import type { CommentWithAuthor } from '../comments/index.ts';
import { presentDetails, type DecisionAccess, type DecisionsService } from '../decisions/index.ts';
import { renderCsv, type ExportService } from '../export/index.ts';
import type { NotificationsRepo } from '../notifications/index.ts';
import { presentNotification } from '../notifications/index.ts';
import { presentUser, type UserRow } from '../users/index.ts';
import type { AccountRepo } from './repo.ts';
import type { WorkspaceErasureRepo } from '../workspaces/index.ts';

export interface DataExportDeps {
  account: AccountRepo;
  decisionsService: Pick<DecisionsService, 'authorizedAccess' | 'details'>;
  listComments: (access: DecisionAccess) => Promise<CommentWithAuthor[]>;
  exportService: ExportService;
  notifications: Pick<NotificationsRepo, 'listForUser'>;
  workspaces: Pick<WorkspaceErasureRepo, 'listMembershipsForExport'>;
}

/** Every notification the account holds (retention bounds them), not only the screen's latest 100. */
const ALL_NOTIFICATIONS = 100_000;

const encoder = new TextEncoder();

/**
 * One decision as its reader may see it: the details body the app shows (so blind voting hides the
 * same), cut to the reader's own votes, weights and comments, and other people by name and role only.
 */
function decisionEntry(details: DecisionDetails, userId: number, comments: CommentWithAuthor[]) {
  const { decision } = details;
  return {
    id: decision.id,
    name: decision.name,
    description: decision.description,
    type: decision.type,
    mode: decision.mode,
    your_role: details.userRole,
    status: details.status,
    deadline: details.timer,
    created_at: decision.created_at,
    options: details.options.map(({ id, name }) => ({ id, name })),
    criteria: details.criteria,
    your_values: details.evaluations.filter((evaluation) => evaluation.user_id === userId),
    your_weights: details.weightsByUser[String(userId)] ?? [],
    results: details.results,
    results_hidden_until: details.resultsHiddenUntil,
    team_results: details.teamResults,
    outcome: details.outcome,
    members: details.teamMembers
      .filter((member) => member.accepted)
      .map((member) => ({ name: member.display_name, role: member.role, is_you: member.user_id === userId })),
    your_comments: comments
      .filter((comment) => comment.user_id === userId)
      .map((comment) => ({
        text: comment.text,
        option_id: comment.option_id,
        criterion_id: comment.criterion_id,
        created_at: toIsoString(comment.created_at),
        updated_at: toIsoString(comment.updated_at),
      })),
  };
}

/**
 * GET /api/users/me/export (issue 28): a ZIP streamed as it is built, one decision at a time, so a user
 * with a thousand decisions costs the memory of one: account.json, decisions.json, notifications.json
 * and one CSV per owned decision (the decision export, without anyone's e-mail address).
 */
export function createDataExport(deps: DataExportDeps) {
  const { account, decisionsService } = deps;

  /** The caller's access, or undefined if it ended since the list was read (left out of the export). */
  async function accessTo(decisionId: number, userId: number): Promise<DecisionAccess | undefined> {
    try {
      return await decisionsService.authorizedAccess(decisionId, userId, 'view');
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  }

  return function exportData(user: UserRow, language: Language): Readable {
    const out = new PassThrough();
    const zip = new Zip((error, chunk, isFinal) => {
      if (error) return out.destroy(error);
      out.write(chunk);
      if (isFinal) out.end();
    });
    /** Waits while the client reads slower than the ZIP grows. */
    const drained = async () => {
      if (out.writableNeedDrain) await once(out, 'drain');
    };
    const addFile = (name: string, content: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(encoder.encode(content), true);
    };

    async function build(): Promise<void> {
      const [sessions, apiTokens] = await Promise.all([
        account.listSessions(user.id),
        account.listApiTokens(user.id),
      ]);
      const isoOrNull = (value: Parameters<typeof toIsoString>[0] | null) =>
        value === null ? null : toIsoString(value);
      addFile(
        'account.json',
        json({
          profile: presentUser(user),
          sessions: sessions.map((session) => ({
            created_at: toIsoString(session.created_at),
            last_used_at: toIsoString(session.last_used_at),
            expires_at: toIsoString(session.expires_at),
          })),
          api_tokens: apiTokens.map((token) => ({
            name: token.name,
            scope: token.scope,
            created_at: toIsoString(token.created_at),
            last_used_at: isoOrNull(token.last_used_at),
            expires_at: isoOrNull(token.expires_at),
          })),
        }),
      );
      const [owned, memberships] = await Promise.all([
        account.listOwnedDecisions(user.id),
        account.listMemberships(user.id),
      ]);
      const decisionIds = [...owned.map((row) => row.id), ...memberships.map((row) => row.decision_id)];
      const decisionsFile = new ZipDeflate('decisions.json', { level: 6 });
      zip.add(decisionsFile);
      decisionsFile.push(encoder.encode('['));
      let separator = '\n';
      for (const decisionId of decisionIds) {
        const access = await accessTo(decisionId, user.id);
        if (!access) continue;
        const details = presentDetails(access, await decisionsService.details(access), language);
        const entry = decisionEntry(details, user.id, await deps.listComments(access));
        decisionsFile.push(encoder.encode(separator + JSON.stringify(entry, null, 2)));
        separator = ',\n';
        await drained();
      }
      decisionsFile.push(encoder.encode('\n]\n'), true);
      // Issue 29: the account's workspaces and its role in each.
      const workspaces = await deps.workspaces.listMembershipsForExport(user.id);
      addFile(
        'workspaces.json',
        json(
          workspaces.map((workspace) => ({
            id: workspace.id,
            name: workspace.name,
            role: workspace.role,
            joined_at: toIsoString(workspace.joined_at),
            created_at: toIsoString(workspace.created_at),
          })),
        ),
      );
      const notifications = await deps.notifications.listForUser(user.id, ALL_NOTIFICATIONS);
      addFile('notifications.json', json(notifications.map((row) => presentNotification(row, language))));
      for (const decision of owned) {
        const access = await accessTo(decision.id, user.id);
        if (!access) continue;
        const report = await deps.exportService.report(access, language, 'UTC', { withoutAddresses: true });
        addFile(`decisions/decision-${decision.id}.csv`, renderCsv(report));
        await drained();
      }
      zip.end();
    }

    build().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
