import { oneLinePlainText } from '../../shared/api/text.ts';
import { LIMITS, type Language } from '../../shared/limits.ts';
import { translate } from '../i18n.ts';
import type { MailMessage } from './mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// Names and titles stored before single-line texts refused invisible formatting (issue 27) may
// still carry bidi overrides or line separators: a subject must read as what it says, on one line.
function oneLineValues(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, oneLinePlainText(value)]));
}

/** The HTML frame every mail shares. */
function htmlDocument(language: Language, body: string): string {
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${body}
</body></html>`;
}

/**
 * Plain text and HTML from the same translated lines; user-supplied values are escaped in HTML.
 * `actions` pairs a text part under `mail.<key>` with its link; the first is shown as the button.
 */
function compose(
  language: Language,
  key: string,
  params: Record<string, string>,
  actions: [part: string, link: string][],
): Omit<MailMessage, 'to'> {
  const t = (part: string, values: Record<string, string> = params) =>
    translate(language, `mail.${key}.${part}`, values);
  const escaped = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, escapeHtml(value)]),
  );
  const text = [
    t('greeting'),
    '',
    t('body'),
    '',
    ...actions.map(([part, link]) => `${t(part)}: ${link}`),
    '',
    t('footer'),
  ].join('\n');
  const [[firstPart, firstLink] = ['', ''], ...otherActions] = actions;
  const html = htmlDocument(
    language,
    `<p>${t('greeting', escaped)}</p>
<p>${t('body', escaped)}</p>
<p><a href="${escapeHtml(firstLink)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${t(firstPart, escaped)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(firstLink)}</p>
${otherActions.map(([part, link]) => `<p><a href="${escapeHtml(link)}">${t(part, escaped)}</a></p>`).join('\n')}
<p style="color:#555;font-size:13px">${t('footer', escaped)}</p>`,
  );
  return { subject: t('subject', oneLineValues(params)), text, html };
}

export function invitationMail(
  language: Language,
  params: { inviter: string; decision: string; role: string; link: string },
): Omit<MailMessage, 'to'> {
  return compose(
    language,
    'invitation',
    { inviter: params.inviter, decision: params.decision, role: params.role },
    [['action', params.link]],
  );
}

/** Issue 29: an invitation to a workspace, with the link to the invite page. */
export function workspaceInvitationMail(
  language: Language,
  params: { inviter: string; workspace: string; role: string; link: string },
): Omit<MailMessage, 'to'> {
  return compose(
    language,
    'workspaceInvitation',
    { inviter: params.inviter, workspace: params.workspace, role: params.role },
    [['action', params.link]],
  );
}

/**
 * To a voter who has not voted in full, or (issue 27) whose complete vote waits to be submitted: a
 * reminder of what is left for them, with the link to the team view.
 */
export function reminderMail(
  language: Language,
  params: { decision: string; link: string; left: 'vote' | 'submit' },
): Omit<MailMessage, 'to'> {
  const key = params.left === 'submit' ? 'reminderSubmit' : 'reminder';
  return compose(language, key, { decision: params.decision }, [['action', params.link]]);
}

/**
 * Issue 29: to the members of a workspace when one of its team decisions is activated: they take part
 * without an invitation, so this is a notice with the link to the decision, nothing to accept.
 */
export function workspaceDecisionMail(
  language: Language,
  params: { decision: string; workspace: string; link: string },
): Omit<MailMessage, 'to'> {
  return compose(language, 'workspaceDecision', { decision: params.decision, workspace: params.workspace }, [
    ['action', params.link],
  ]);
}

export function passwordResetMail(language: Language, params: { link: string }): Omit<MailMessage, 'to'> {
  return compose(language, 'passwordReset', { minutes: String(LIMITS.passwordReset.validMinutes) }, [
    ['action', params.link],
  ]);
}

export function emailVerificationMail(language: Language, params: { link: string }): Omit<MailMessage, 'to'> {
  return compose(language, 'emailVerification', { hours: String(LIMITS.emailVerification.validHours) }, [
    ['action', params.link],
  ]);
}

/**
 * To the account's address when a passkey was added (issue 28): a stolen session could add one and
 * keep a way in after a password change, so the owner hears of every new passkey.
 */
export function passkeyAddedMail(
  language: Language,
  params: { name: string; profileLink: string },
): Omit<MailMessage, 'to'> {
  return compose(language, 'passkeyAdded', { name: params.name }, [['action', params.profileLink]]);
}

/** To the new address of an account (issue 28): the link that applies the change. */
export function emailChangeConfirmationMail(
  language: Language,
  params: { link: string; validHours: number },
): Omit<MailMessage, 'to'> {
  return compose(language, 'emailChangeConfirmation', { hours: String(params.validHours) }, [
    ['action', params.link],
  ]);
}

/** To the old address when a change was asked for: if it was not the owner, a new password ends it all. */
export function emailChangeNoticeMail(
  language: Language,
  params: { newEmail: string; resetLink: string },
): Omit<MailMessage, 'to'> {
  return compose(language, 'emailChangeNotice', { newEmail: params.newEmail }, [
    ['action', params.resetLink],
  ]);
}

/** To the address of an account just deleted (issue 28): what went, what stayed, and that it is final. */
export function accountDeletedMail(language: Language, params: { link: string }): Omit<MailMessage, 'to'> {
  return compose(language, 'accountDeleted', {}, [['action', params.link]]);
}

/** To the owner of an address someone tried to register again: log in, or reset the password. */
export function registrationAttemptMail(
  language: Language,
  params: { loginLink: string; resetLink: string },
): Omit<MailMessage, 'to'> {
  return compose(language, 'registrationAttempt', {}, [
    ['loginAction', params.loginLink],
    ['resetAction', params.resetLink],
  ]);
}

/** The contact form's message for the operator; every submitted value is escaped in HTML. */
export function contactMail(
  language: Language,
  params: { firstname: string; lastname: string; email: string; topic: string | null; message: string },
): Omit<MailMessage, 'to'> {
  const name = `${params.firstname} ${params.lastname}`;
  const topic = params.topic ?? translate(language, 'mail.contact.noTopic');
  const t = (part: string, values: Record<string, string> = {}) =>
    translate(language, `mail.contact.${part}`, values);
  const rows: [string, string][] = [
    [t('name'), name],
    [t('email'), params.email],
    [t('topic'), topic],
  ];
  const text = [
    t('intro'),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t('message')}:`,
    params.message,
    '',
    t('footer'),
  ].join('\n');
  const html = htmlDocument(
    language,
    `<p>${escapeHtml(t('intro'))}</p>
<table style="border-collapse:collapse">${rows
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
<p><strong>${escapeHtml(t('message'))}:</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(params.message)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(t('footer'))}</p>`,
  );
  return { subject: t('subject', oneLineValues({ name, topic })), text, html };
}
