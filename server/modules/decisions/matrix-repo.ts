import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CriteriaTable, Database, OptionsTable } from '../../db/schema.ts';
import { inSlices } from '../../db/statement-slices.ts';
import type { Executor } from './repo-support.ts';

export type OptionRow = Selectable<OptionsTable>;
export type CriterionRow = Selectable<CriteriaTable>;

/**
 * Lets the comments about the cells of options or criteria about to be deleted go, inside the same
 * transaction: the comments module's `detachCellComments`, handed in where the app is wired, so this
 * module imports nothing of `comments` (which reads decisions through this module's front door).
 */
export type DetachCellComments = (
  column: 'option_id' | 'criterion_id',
  ids: number[],
  executor: Executor,
) => Promise<void>;

/** A decision's lists: the `options` and `criteria` tables. */
export function createMatrixRepo(db: Kysely<Database>, detachCellComments: DetachCellComments) {
  return {
    listOptions(decisionId: number, executor: Executor = db): Promise<OptionRow[]> {
      return executor
        .selectFrom('options')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listCriteria(decisionId: number, executor: Executor = db): Promise<CriterionRow[]> {
      return executor
        .selectFrom('criteria')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /**
     * The options and criteria of many decisions, and the cells of the personal ones among them (a team
     * decision's votes are read from its tallies), each row tagged with its decision. Evaluations come
     * without explanations, which no card shows.
     */
    async listMatrixRowsOf(decisionIds: readonly number[], personalIds: readonly number[]) {
      const [options, criteria, evaluations] = await Promise.all([
        inSlices(decisionIds, (ids) =>
          db
            .selectFrom('options')
            .select(['id', 'decision_id', 'name'])
            .where('decision_id', 'in', ids)
            .orderBy('position')
            .orderBy('id')
            .execute(),
        ),
        inSlices(decisionIds, (ids) =>
          db
            .selectFrom('criteria')
            .select(['id', 'decision_id', 'importance', 'minimum', 'kind', 'direction'])
            .where('decision_id', 'in', ids)
            .orderBy('position')
            .orderBy('id')
            .execute(),
        ),
        inSlices(personalIds, (ids) =>
          db
            .selectFrom('evaluations')
            .select([
              'decision_id',
              'option_id',
              'criterion_id',
              'user_id',
              'value',
              'generated_by',
              'measure',
            ])
            .where('decision_id', 'in', ids)
            .orderBy('id')
            .execute(),
        ),
      ]);
      return { options, criteria, evaluations };
    },

    async insertOption(values: Insertable<OptionsTable>, executor: Executor): Promise<number> {
      const row = await executor
        .insertInto('options')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateOption(id: number, name: string, position: number, executor: Executor) {
      await executor.updateTable('options').set({ name, position }).where('id', '=', id).execute();
    },

    async deleteOptions(ids: number[], executor: Executor) {
      if (!ids.length) return;
      await detachCellComments('option_id', ids, executor);
      await executor.deleteFrom('options').where('id', 'in', ids).execute();
    },

    async insertCriterion(values: Insertable<CriteriaTable>, executor: Executor): Promise<number> {
      const row = await executor
        .insertInto('criteria')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Fields left undefined keep their stored values (a kept criterion's minimum and anchors). */
    async updateCriterion(
      id: number,
      values: Pick<
        Updateable<CriteriaTable>,
        | 'name'
        | 'importance'
        | 'position'
        | 'minimum'
        | 'anchor_low'
        | 'anchor_high'
        | 'kind'
        | 'unit'
        | 'direction'
        | 'worst'
        | 'best'
      >,
      executor: Executor,
    ) {
      await executor.updateTable('criteria').set(values).where('id', '=', id).execute();
    },

    async deleteCriteria(ids: number[], executor: Executor) {
      if (!ids.length) return;
      await detachCellComments('criterion_id', ids, executor);
      await executor.deleteFrom('criteria').where('id', 'in', ids).execute();
    },
  };
}
