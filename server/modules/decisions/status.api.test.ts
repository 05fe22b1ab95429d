import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { createSignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  teamApi,
} from '../../test/team-factories.ts';

const { testApp } = useTestApp();
const team = teamApi(() => testApp.app);

describe('the status in the details', () => {
  it('is draft until activated, open while voting, closed once voting ended — for every member', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, decision.id, 'editor');
    const statusFor = async () => [
      (await detailsOf(app, owner, decision.id)).status,
      (await detailsOf(app, editor, decision.id)).status,
    ];

    expect(await statusFor()).toEqual(['draft', 'draft']);
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    expect(await statusFor()).toEqual(['open', 'open']);
    expect((await team.endVoting(owner, decision.id)).statusCode).toBe(200);
    expect(await statusFor()).toEqual(['closed', 'closed']);
    expect((await detailsOf(app, owner, decision.id)).lock).toBe('deadline');
  });

  it('is closed once the AI completed the decision, even without activation', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner);
    await insertAiEvaluation(app, {
      decisionId: decision.id,
      optionId: optionIds[0]!,
      criterionId: criterionIds[0]!,
      value: 7,
    });
    const details = await detailsOf(app, owner, decision.id);
    expect([details.status, details.lock]).toEqual(['closed', 'ai']);
  });

  it('is always open for a personal decision', async () => {
    const { app } = testApp;
    const owner = await createSignedInUser(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/decision',
      headers: owner.headers,
      payload: { name: 'Bike', type: 'private' },
    });
    expect((await detailsOf(app, owner, created.json<{ id: number }>().id)).status).toBe('open');
  });
});
