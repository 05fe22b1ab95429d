import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { WebhookEvent } from '../../../shared/api/webhooks.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LANGUAGES, type Language } from '../../../shared/limits.ts';
import { completeVotersOf } from '../../../shared/scoring/team.ts';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { DecisionsRepo, HistoryRecord, HistoryRecorder } from '../decisions/index.ts';
import { chatTextOf, type ChatLine } from './chat-text.ts';
import type { DeliveriesRepo } from './deliveries-repo.ts';

/** A comment as the `comment.created` event tells it. */
export interface OutboxComment {
  id: number;
  decisionId: number;
  authorId: number;
  text: string;
  optionId: number | null;
  criterionId: number | null;
}

type Decision = NonNullable<Awaited<ReturnType<DeliveriesRepo['decisionOf']>>>;

/** What one event says: its `data`, its chat line, and (told once per subject) its once-key. */
interface Described {
  data: Record<string, unknown>;
  line: ChatLine;
  onceKey?: string;
}

type Person = { id: number; name: string };

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

export interface WebhookOutboxDeps {
  deliveries: DeliveriesRepo;
  /** Read inside the change's transaction, to tell whether a vote just became complete. */
  decisions: Pick<DecisionsRepo, 'listOptions' | 'listCriteria' | 'scoredCellsOf' | 'listUserWeights'>;
  appUrl: string;
  /** Called after rows were queued (still inside the transaction): the worker looks once it committed. */
  onQueued: () => void;
}

/** What queuing an event for a history entry needs of the outbox. */
interface QueueTools {
  queue(
    trx: Transaction<Database>,
    decisionId: number,
    event: WebhookEvent,
    describe: (decision: Decision) => Promise<Described | null>,
  ): Promise<void>;
  personOf(trx: Transaction<Database>, id: number | null): Promise<Person | null>;
  isVoteComplete(trx: Transaction<Database>, decision: Decision, voterId: number): Promise<boolean>;
}

/** Queues the webhook event a history entry stands for, if any. */
function queueForEntry(
  tools: QueueTools,
  trx: Transaction<Database>,
  entry: HistoryRecord,
): Promise<void> | undefined {
  const { queue, personOf, isVoteComplete } = tools;
  const changeTo = (field: string) => entry.changes?.find((change) => change.field === field)?.to ?? null;
  switch (entry.kind) {
    case 'activated':
      return queue(trx, entry.decisionId, 'decision.activated', async () => {
        const actor = await personOf(trx, entry.actorId);
        return {
          data: { activated_by: actor },
          line: { key: 'activated', params: { actor: actor?.name ?? '' } },
        };
      });
    case 'member_joined': {
      const memberId = entry.subjectId ?? entry.actorId;
      const role = String(changeTo('role') ?? '');
      if (memberId === null) return undefined;
      return queue(trx, entry.decisionId, 'member.joined', async () => {
        const member = await personOf(trx, memberId);
        return {
          data: { member, role },
          line: { key: 'memberJoined', params: { member: member?.name ?? '' }, role },
        };
      });
    }
    case 'vote_saved':
    case 'weights_saved': {
      const voterId = entry.actorId;
      if (voterId === null) return undefined;
      return queue(trx, entry.decisionId, 'vote.completed', async (decision) => {
        if (!(await isVoteComplete(trx, decision, voterId))) return null;
        const voter = await personOf(trx, voterId);
        // Who, never what: the values stay in the app.
        return {
          data: { voter },
          line: { key: 'voteCompleted', params: { voter: voter?.name ?? '' } },
          onceKey: `vote.completed:${decision.id}:${voterId}`,
        };
      });
    }
    case 'voting_ended': {
      const leader = changeTo('leader') as { option_id: number; name: string; total: number } | null;
      return queue(trx, entry.decisionId, 'voting.ended', async () => ({
        data: {
          leader: leader ? { option_id: leader.option_id, name: leader.name, total: leader.total } : null,
          no_result_reason: leader ? null : (entry.noResultReason ?? null),
        },
        line: leader
          ? { key: 'votingEnded', params: { option: leader.name }, total: leader.total }
          : { key: 'votingEndedNoResult', reason: entry.noResultReason ?? null },
      }));
    }
    case 'outcome_recorded': {
      const option = String(changeTo('outcome') ?? '');
      return queue(trx, entry.decisionId, 'outcome.recorded', async () => {
        const actor = await personOf(trx, entry.actorId);
        return {
          data: { option: { name: option }, recorded_by: actor },
          line: { key: 'outcomeRecorded', params: { actor: actor?.name ?? '', option } },
        };
      });
    }
    default:
      return undefined;
  }
}

/**
 * The outbox (issue 32): queues a delivery per subscribed webhook inside the transaction of the change
 * it reports, so a refused or rolled-back write sends nothing and a committed one is delivered at least
 * once. Decisions' writes reach it through the history recorder they already call in that transaction
 * (`recorderWith`); comments call `commentAdded`.
 */
export function createWebhookOutbox(deps: WebhookOutboxDeps) {
  const { deliveries, decisions, appUrl } = deps;

  /** A person an event names, by the display-name rule. */
  async function personOf(trx: Transaction<Database>, id: number | null): Promise<Person | null> {
    if (id === null) return null;
    const [row] = await deliveries.peopleOf([id], trx);
    return row ? { id: row.id, name: displayNameOfAccount(row) } : null;
  }

  /** Queues `event` for every webhook of the decision (or its workspace) that asked for it. */
  async function queue(
    trx: Transaction<Database>,
    decisionId: number,
    event: WebhookEvent,
    describe: (decision: Decision) => Promise<Described | null>,
  ): Promise<void> {
    const decision = await deliveries.decisionOf(decisionId, trx);
    if (!decision || decision.type !== 'team') return;
    const subscribers = (await deliveries.subscribersOf(decision, trx)).filter((webhook) =>
      (JSON.parse(webhook.events) as string[]).includes(event),
    );
    if (!subscribers.length) return;
    const described = await describe(decision);
    if (!described) return;
    const createdAt = isoNow();
    const url = `${appUrl}/team-decision/${decision.id}`;
    const rows = subscribers.map((webhook) => {
      const eventId = randomUUID();
      const language: Language = webhook.language && isLanguage(webhook.language) ? webhook.language : 'en';
      const body =
        webhook.format === 'slack'
          ? { text: chatTextOf(language, described.line, { decision: decision.name, url }) }
          : {
              id: eventId,
              event,
              created_at: createdAt,
              decision: { id: decision.id, name: decision.name, url },
              data: described.data,
            };
      return {
        webhook_id: webhook.id,
        decision_id: decision.id,
        event_id: eventId,
        event,
        once_key: described.onceKey ?? null,
        body: JSON.stringify(body),
        state: 'pending' as const,
        attempts: 0,
        last_status: null,
        last_error: null,
        created_at: createdAt,
        delivered_at: null,
        next_attempt_at: Date.now(),
        locked_until: null,
        lease: null,
      };
    });
    await deliveries.insertDeliveries(rows, trx);
    deps.onQueued();
  }

  /** Whether the voter's vote is complete now (every cell in manual mode, own weights in AI mode). */
  async function isVoteComplete(trx: Transaction<Database>, decision: Decision, voterId: number) {
    if (decision.mode === 'ai')
      return (await decisions.listUserWeights(decision.id, voterId, trx)).length > 0;
    const [options, criteria, scoredCells] = await Promise.all([
      decisions.listOptions(decision.id, trx),
      decisions.listCriteria(decision.id, trx),
      decisions.scoredCellsOf(decision.id, voterId, trx),
    ]);
    return completeVotersOf(
      'manual',
      { options, criteria },
      {
        cells: new Map(),
        aiCells: new Map(),
        scoredCellsByVoter: new Map([[voterId, scoredCells]]),
        weights: [],
      },
    ).has(voterId);
  }

  const tools: QueueTools = { queue, personOf, isVoteComplete };
  return {
    /** The history recorder the decisions' writes call, with this outbox beside it in the same transaction. */
    recorderWith(inner: HistoryRecorder): HistoryRecorder {
      return {
        recordVersion: (trx, decisionId, matrix) => inner.recordVersion(trx, decisionId, matrix),
        async record(trx, entries) {
          await inner.record(trx, entries);
          for (const entry of entries) await queueForEntry(tools, trx, entry);
        },
      };
    },

    /** A new comment, in the transaction that stores it. */
    commentAdded(trx: Transaction<Database>, comment: OutboxComment): Promise<void> {
      return queue(trx, comment.decisionId, 'comment.created', async () => {
        const author = await personOf(trx, comment.authorId);
        return {
          data: {
            comment: {
              id: comment.id,
              text: comment.text,
              author,
              option_id: comment.optionId,
              criterion_id: comment.criterionId,
            },
          },
          line: { key: 'commentCreated', params: { author: author?.name ?? '', text: comment.text } },
        };
      });
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
