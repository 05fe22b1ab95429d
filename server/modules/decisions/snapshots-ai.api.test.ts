import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotsResponseSchema } from '../../../shared/api/snapshots.ts';
import { useFakeAiApps } from '../../test/fake-ai-apps.ts';
import { createSignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, detailsOf } from '../../test/team-factories.ts';

const ai = useFakeAiApps();
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = ai);
});

describe('frozen when the AI completes a team decision (issue 30)', () => {
  it('stores the result with the AI cells, in the same write, as the details then show it', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const admin = await addMember(app, owner, created.decision.id, 'admin');
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const response = await app.inject({
      method: 'POST',
      url: `/api/team-ai/recommendation/${created.decision.id}`,
      payload: {
        decisionName: 'Team offsite 2027',
        description: 'Where do we go next spring?',
        options: ['Lisbon', 'Oslo', 'Vienna'],
        criteria: [
          { name: 'Cost', importance: 60 },
          { name: 'Weather', importance: 40 },
        ],
      },
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    // Stored by the completion itself, before anyone read the decision.
    const rows = await app.database.db
      .selectFrom('decision_snapshots')
      .select(['reason', 'result'])
      .where('decision_id', '=', created.decision.id)
      .execute();
    expect(rows.map((row) => row.reason)).toEqual(['voting_ended']);

    const details = await detailsOf(app, editor, created.decision.id);
    const names = new Map(details.options.map((option) => [option.id, option.name]));
    expect(details.frozen_result?.ranking).toEqual(
      details.results.ranking.map((entry) => ({
        option_id: entry.option_id,
        name: names.get(entry.option_id),
        total: entry.total,
        rank: entry.rank,
      })),
    );
    expect(details.frozen_result?.ranking).toHaveLength(3);
    expect(details.frozen_result_differs).toBe(false);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/decision/${created.decision.id}/snapshots`,
      headers: editor.headers,
    });
    expect(snapshotsResponseSchema.parse(listed.json())).toHaveLength(1);
  });
});
