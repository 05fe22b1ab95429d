import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Comments about cells of removed options or criteria stay, about the decision as a whole: both cell
 * ids are cleared together (the foreign keys alone would clear only one of them). The decisions
 * module calls this inside its transaction before it deletes the rows.
 */
export async function detachCellComments(
  column: 'option_id' | 'criterion_id',
  ids: number[],
  executor: Kysely<Database> | Transaction<Database>,
): Promise<void> {
  await executor
    .updateTable('comments')
    .set({ option_id: null, criterion_id: null })
    .where(column, 'in', ids)
    .execute();
}
