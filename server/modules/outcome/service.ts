import type { Outcome, OutcomeInput } from '../../../shared/api/outcome.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { AppError } from '../../app-error.ts';
import type { Emit } from '../../events/domain-events.ts';
import { isoNow } from '../../db/values.ts';
import { type DecisionAccess, presentOutcome, type DecisionsService } from '../decisions/index.ts';
import type { UserRow } from '../users/index.ts';
import type { OutcomeRepo } from './repo.ts';

/**
 * What was decided (issue 16): the owner records it on a personal decision at any time, the owner or
 * an admin on a team decision once voting ended (the policy's `decide`). Recording again replaces it;
 * the members are told; on the review day the owner is reminded once.
 */
export function createOutcomeService(deps: {
  outcomes: OutcomeRepo;
  decisionsService: DecisionsService;
  emit: Emit;
}) {
  const { outcomes, decisionsService, emit } = deps;
  const { history, freezeResult, freezeBeforeChange } = decisionsService.writeContext;

  return {
    async record(access: DecisionAccess, actor: UserRow, input: OutcomeInput): Promise<Outcome> {
      const { decision, optionName } = await decisionsService.writeLocked(
        access.decision.id,
        actor.id,
        'decide',
        async (locked, trx) => {
          // Checked under the lock: the options as they are now.
          const option = await outcomes.findOption(locked.decision.id, input.option_id, trx);
          if (!option) throw new AppError('VALIDATION_FAILED', { option_id: 'validation.unknownOption' });
          const current = locked.decision;
          // The result when voting ended is frozen before anything changes, if the deadline job has not.
          await freezeBeforeChange(trx, current);
          const isSame =
            current.outcome_option_id === option.id &&
            (current.outcome_rationale ?? '') === input.rationale &&
            current.outcome_review_on === input.review_on;
          const previous =
            current.outcome_option_id === null || current.outcome_option_id === option.id
              ? undefined
              : await outcomes.findOption(current.id, current.outcome_option_id, trx);
          const saved = await outcomes.saveOutcome(
            current.id,
            {
              optionId: option.id,
              rationale: input.rationale,
              reviewOn: input.review_on,
              decidedAt: isoNow(),
              decidedBy: actor.id,
              keepReviewNotice:
                current.outcome_option_id !== null && current.outcome_review_on === input.review_on,
            },
            trx,
          );
          // Recording the same outcome again changes nothing and records nothing.
          if (!isSame)
            await history.record(trx, [
              {
                decisionId: current.id,
                kind: 'outcome_recorded',
                actorId: actor.id,
                changes: [
                  {
                    field: 'outcome',
                    from: current.outcome_option_id === option.id ? option.name : (previous?.name ?? null),
                    to: option.name,
                  },
                ],
              },
            ]);
          // Frozen with the outcome (issue 30); the same outcome again is no new outcome: nothing is frozen.
          if (!isSame) await freezeResult(trx, saved, 'outcome_recorded');
          return { decision: saved, optionName: option.name };
        },
      );
      await emit({
        type: 'outcome.recorded',
        decision,
        actor: { id: actor.id, name: displayNameOfAccount(actor) },
        option: optionName,
      });
      return presentOutcome(decision)!;
    },

    /** Removes the outcome (the decision goes back to closed or open); nothing to remove changes nothing. */
    async remove(access: DecisionAccess): Promise<void> {
      const isRemoved = await decisionsService.writeLocked(
        access.decision.id,
        access.userId,
        'decide',
        async (locked, trx) => {
          if (locked.decision.outcome_option_id === null) return false;
          await freezeBeforeChange(trx, locked.decision);
          await outcomes.clearOutcome(locked.decision.id, trx);
          await history.record(trx, [
            { decisionId: locked.decision.id, kind: 'outcome_removed', actorId: locked.userId },
          ]);
          return true;
        },
      );
      if (isRemoved) await emit({ type: 'decision.changed', decisionId: access.decision.id });
    },

    /** The scheduler's job: owners whose review day came (UTC), each told once across instances. */
    async notifyDueReviews(now: number): Promise<number> {
      const today = new Date(now).toISOString().slice(0, 10);
      let notified = 0;
      for (const decisionId of await outcomes.listDueReviews(today)) {
        const decision = await outcomes.claimReview(decisionId, today, new Date(now).toISOString());
        if (!decision) continue;
        await emit({ type: 'review.due', decision });
        notified++;
      }
      return notified;
    },
  };
}

export type OutcomeService = ReturnType<typeof createOutcomeService>;
