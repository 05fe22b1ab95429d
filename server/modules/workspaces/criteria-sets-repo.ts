import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceCriteriaSetsTable } from '../../db/schema.ts';
import { countOf, type Executor } from './repo-support.ts';

/** The rows of `workspace_criteria_sets`. */
export function createWorkspaceCriteriaSetsRepo(db: Kysely<Database>) {
  return {
    listCriteriaSets(workspaceId: number) {
      return db
        .selectFrom('workspace_criteria_sets')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    countCriteriaSets(workspaceId: number, trx: Transaction<Database>): Promise<number> {
      return countOf(
        trx
          .selectFrom('workspace_criteria_sets')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('workspace_id', '=', workspaceId),
      );
    },

    findCriteriaSet(workspaceId: number, setId: number, executor: Executor = db) {
      return executor
        .selectFrom('workspace_criteria_sets')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', setId)
        .executeTakeFirst();
    },

    insertCriteriaSet(values: Insertable<WorkspaceCriteriaSetsTable>, trx: Transaction<Database>) {
      return trx
        .insertInto('workspace_criteria_sets')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updateCriteriaSet(
      setId: number,
      changes: Pick<WorkspaceCriteriaSetsTable, 'name' | 'criteria' | 'updated_at'>,
      trx: Transaction<Database>,
    ) {
      return trx
        .updateTable('workspace_criteria_sets')
        .set(changes)
        .where('id', '=', setId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async deleteCriteriaSet(setId: number, trx: Transaction<Database>) {
      await trx.deleteFrom('workspace_criteria_sets').where('id', '=', setId).execute();
    },
  };
}
