import { describe, expect, it } from 'vitest';
import { contactMail, invitationMail, reminderMail } from './templates.ts';

// Names and titles stored before issue 27 may hold what single-line texts now refuse.
describe('mail subjects', () => {
  it('drop bidi overrides, isolates, zero-width spaces and byte order marks from stored names', () => {
    const mail = invitationMail('en', {
      inviter: '\u202eAda\u202c',
      decision: '\ufeffNew\u200b car \u2066A\u2069',
      role: 'editor',
      link: 'https://example.test/invite',
    });
    expect(mail.subject).toBe('Ada invites you to decide together: New car A');
  });

  it('keep a subject on one line when a stored title holds line separators or C1 controls', () => {
    const mail = reminderMail('de', {
      decision: 'Neues\u2028Auto\u0085oder Rad',
      link: 'https://example.test/d/1',
      left: 'vote',
    });
    expect(mail.subject).toBe('Erinnerung: deine Stimme zu „Neues Auto oder Rad“');
    expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
  });

  it('keep joiners, which emoji and scripts need', () => {
    const mail = reminderMail('en', {
      decision: '👩\u200d💻 Hiring',
      link: 'https://example.test/d/1',
      left: 'vote',
    });
    expect(mail.subject).toBe('Reminder: your vote on “👩\u200d💻 Hiring”');
  });

  it('clean the contact form subject as well, leaving the message body as written', () => {
    const mail = contactMail('en', {
      firstname: 'Ada\u2028',
      lastname: 'Lovelace',
      email: 'ada@example.test',
      topic: 'Bug\u202e',
      message: 'Line one\nline two',
    });
    expect(mail.subject).toBe('Contact form: Bug – Ada Lovelace');
    expect(mail.text).toContain('Line one\nline two');
  });
});
