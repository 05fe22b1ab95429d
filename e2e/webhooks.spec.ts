import { expect, test } from '@playwright/test';
import { EditTeamDecisionPage } from './pages/EditTeamDecisionPage.ts';
import { WebhooksSection } from './pages/WebhooksSection.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiToken } from './support/decisions.ts';
import { createTeamDecisionViaApi } from './support/team.ts';
import { createWorkspaceViaApi } from './support/workspaces.ts';
import { isSignedWith, startWebhookReceiver } from './support/webhook-receiver.ts';

// Issue 32: an owner adds a webhook on a team decision's set-up tab, sees a delivery reach a receiver
// this spec runs on 127.0.0.1 (the e2e server allows private addresses), and removes the webhook.

test('add a webhook on a team decision, see its delivery arrive signed, remove it', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const account = await createAccount(request);
    const token = await apiToken(request, account);
    const decision = await createTeamDecisionViaApi(request, token, {
      name: 'Webhook offsite',
      options: ['Lisbon', 'Oslo'],
      criteria: [{ name: 'Cost', importance: 100 }],
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page, account, 'no page');
    const editPage = new EditTeamDecisionPage(page);
    await editPage.goto(decision.id, 'setup');
    const webhooks = new WebhooksSection(page);
    await expect(webhooks.region.getByText('No webhooks yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Only comments, as a signed JSON event.
    await webhooks.urlInput.fill(receiver.url);
    for (const label of [
      'Voting opened',
      'A vote was completed',
      'Voting ended',
      'Outcome recorded',
      'Member joined',
    ])
      await webhooks.event(label).uncheck();
    await expect(webhooks.event('New comment')).toBeChecked();
    await expect(webhooks.format('JSON event (for your own systems)')).toBeChecked();
    await webhooks.addButton.click();

    // The secret, shown once, copied.
    await expect(webhooks.secretInput).toHaveValue(/^whsec_[\w-]{43}$/);
    const secret = await webhooks.secretInput.inputValue();
    await webhooks.copySecretButton.click();
    await expect(webhooks.region.getByText('Secret copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await seriousViolations(page)).toEqual([]);
    await webhooks.doneButton.click();
    await expect(webhooks.secretInput).toBeHidden();
    await expect(webhooks.webhooks).toHaveCount(1);
    // The URL is listed without its path; the secret is nowhere on the page any more.
    await expect(webhooks.webhooks).toContainText('http://127.0.0.1:');
    await expect(webhooks.webhooks).not.toContainText('compass-hook');
    await expect(page.getByRole('main')).not.toContainText(secret);

    // A comment: the receiver gets it, signed with that secret.
    const comment = await request.post('/api/comments', {
      data: { decision_id: decision.id, text: 'Lisbon, surely' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(comment.status()).toBe(201);
    await expect.poll(() => receiver.received.length).toBe(1);
    const [delivery] = receiver.received;
    expect(isSignedWith(secret, delivery!)).toBe(true);
    const body = JSON.parse(delivery!.body) as { event: string; data: { comment: { text: string } } };
    expect(body.event).toBe('comment.created');
    expect(body.data.comment.text).toBe('Lisbon, surely');

    // Its delivery in the list: delivered at the first attempt.
    await webhooks.deliveriesButton().click();
    const row = webhooks.deliveryRows().first();
    await expect(async () => {
      await webhooks.refreshButton().click();
      await expect(row).toContainText('Delivered', { timeout: 1_000 });
    }).toPass();
    await expect(row).toContainText('New comment');
    await expect(row).toContainText('HTTP 200');
    expect(await seriousViolations(page)).toEqual([]);

    await webhooks.remove();
    await expect(webhooks.webhooks).toHaveCount(0);
    await expect(webhooks.region.getByText('No webhooks yet.')).toBeVisible();
    const listed = await request.get(`/api/webhooks?decision_id=${decision.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await listed.json()).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('a workspace admin page in German: a chat webhook for every decision, listed without its path, removed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const token = await apiToken(request, account);
  const language = await request.put('/api/users/update', {
    data: { language: 'de' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(language.status()).toBe(200);
  const workspace = await createWorkspaceViaApi(
    request,
    token,
    `Webhooks ${Math.random().toString(36).slice(2, 8)}`,
  );
  await signInViaApi(page, account, 'no page');
  await page.goto(`/workspaces/${workspace.id}`);
  const webhooks = new WebhooksSection(page);
  await expect(webhooks.region.getByText('Noch keine Webhooks.')).toBeVisible();
  await expect(
    webhooks.region.getByText('Sende die Ereignisse aller Entscheidungen dieses Arbeitsbereichs', {
      exact: false,
    }),
  ).toBeVisible();

  // A refused address says why, next to the field (private ones are allowed on the e2e server).
  await webhooks.urlInput.fill('ftp://files.example/hook');
  await webhooks.addButton.click();
  await expect(webhooks.urlInput).toHaveAccessibleDescription(/^Gib eine http:\/\/- oder https:\/\/-Adresse/);
  await expect(webhooks.webhooks).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await webhooks.urlInput.fill('https://hooks.slack.example/services/T000/B000/geheim');
  await webhooks.chooseFormat('Chat-Nachricht (Slack, Mattermost, Teams)');
  await webhooks.addButton.click();
  await expect(webhooks.secretInput).toHaveValue(/^whsec_/);
  await webhooks.doneButton.click();
  await expect(webhooks.webhooks).toHaveCount(1);
  await expect(webhooks.webhooks).toContainText('https://hooks.slack.example/…');
  await expect(webhooks.webhooks).not.toContainText('geheim');
  await webhooks.deliveriesButton().click();
  await expect(webhooks.region.getByText('Noch keine Ereignisse.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await webhooks.remove();
  await expect(webhooks.webhooks).toHaveCount(0);
});
