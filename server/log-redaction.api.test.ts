import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/use-test-app.ts';
import { createSignedInUser, DEFAULT_PASSWORD } from './test/factories.ts';
import { createTeamDecision, inviteByEmail, teamApi } from './test/team-factories.ts';

// Everything the app logs at level info, as text.
const logLines: string[] = [];
const { testApp } = useTestApp(
  { authRateLimitPerMinute: 10_000 },
  { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
);
const api = teamApi(() => testApp.app);

/** The reset token from the newest mail in the dev outbox (no SMTP_URL in tests). */
function resetTokenFromOutbox(): string {
  const outbox = path.join(testApp.config.dataDir, 'outbox');
  const files = fs.readdirSync(outbox).filter((file) => file.endsWith('.json'));
  for (const file of files) {
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { text: string };
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error('no reset mail in the dev outbox');
}

describe('request logs', () => {
  it('never contain reset or invitation tokens, through the whole reset and invitation flows', async () => {
    const app = testApp.app;
    const user = await createSignedInUser(app);

    // Password reset: forgot → link page → validate → reset.
    expect(
      (await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } }))
        .statusCode,
    ).toBe(202);
    await app.mailer.idle();
    const resetToken = resetTokenFromOutbox();
    await app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const validReset = await app.inject({
      method: 'GET',
      url: `/api/reset-password/validate/${resetToken}`,
    });
    expect(validReset.statusCode).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: resetToken, password: `${DEFAULT_PASSWORD} again` },
    });
    expect(reset.statusCode).toBe(200);
    // A used link is refused, and that request is logged too.
    expect(
      (await app.inject({ method: 'GET', url: `/api/reset-password/validate/${resetToken}` })).statusCode,
    ).toBe(400);

    // Invitation: invite → link page → validate → accept.
    const owner = await createSignedInUser(app);
    const invitee = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, owner);
    const { invite_token: inviteToken } = await inviteByEmail(app, owner, decision.id, invitee.email);
    await app.inject({ method: 'GET', url: `/invite?token=${inviteToken}` });
    await app.inject({ method: 'GET', url: `/register?inviteToken=${inviteToken}` });
    expect((await api.validate(inviteToken)).statusCode).toBe(200);
    expect((await api.accept(invitee, inviteToken)).statusCode).toBe(200);
    // A malformed URL carrying the token is refused by the router; its error must not quote the token.
    await app.inject({ method: 'GET', url: `/api/team/validate/${inviteToken}%` });

    const log = logLines.join('');
    expect(log).toContain('"msg":"request"');
    // API requests are logged by route pattern, pages (the catch-all route) by their redacted path.
    expect(log).toContain('"route":"/api/reset-password/validate/:token"');
    expect(log).toContain('"route":"/api/team/validate/:token"');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/invite?token=[redacted]');
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(inviteToken);
  });
});
