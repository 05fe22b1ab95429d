import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiOpinionResponseSchema } from '../../../shared/api/ai.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { countRows } from '../../test/db-snapshot.ts';
import { useFakeAiApps } from '../../test/fake-ai-apps.ts';
import { createSignedInUser } from '../../test/factories.ts';
import { createTeamDecision, teamApi } from '../../test/team-factories.ts';

// Issue 27: a team's AI opinion of the largest matrix the schema accepts (50 × 30 = 1,500 cells) is
// stored and replaced in statements both engines accept (modules/decisions/repo-support.ts).
const { maxOptions, maxCriteria } = LIMITS.decision;

const ai = useFakeAiApps();
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = ai);
});
const team = teamApi(() => app);

describe(`POST /api/decision/{id}/ai-opinion on ${maxOptions} × ${maxCriteria} cells`, () => {
  it('stores an opinion of every cell, and a second run replaces it', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner, {
      options: Array.from({ length: maxOptions }, (_, index) => `Option ${index + 1}`),
      criteria: Array.from({ length: maxCriteria }, (_, index) => ({ name: `Criterion ${index + 1}` })),
    });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);

    for (let run = 0; run < 2; run++) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/decision/${decision.id}/ai-opinion`,
        headers: owner.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(aiOpinionResponseSchema.parse(response.json()).scored).toBe(maxOptions * maxCriteria);
      expect(await countRows(app, 'ai_opinions')).toBe(maxOptions * maxCriteria);
    }
  });
});
