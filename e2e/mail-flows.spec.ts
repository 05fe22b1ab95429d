import { expect, test } from '@playwright/test';
import en from '../shared/i18n/en.json' with { type: 'json' };
import { ContactPage } from './pages/ContactPage.ts';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ResetPasswordPage } from './pages/ResetPasswordPage.ts';
import { createAccount } from './support/accounts.ts';
import { E2E_CONTACT_TO, mailsMatching, waitForMail } from './support/outbox.ts';
import { uniqueEmail, uniquePassword } from './support/test-data.ts';

test('forgot password: the mailed link sets a new password, then login works with it and the link is used up', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const newPassword = uniquePassword();
  const forgotPage = new ForgotPasswordPage(page);

  // An unknown address gets the same confirmation and no mail.
  const stranger = uniqueEmail();
  await forgotPage.goto();
  await forgotPage.requestLink(stranger);
  await expect(forgotPage.status).toHaveText(en.forgotPassword.sent);

  await forgotPage.goto();
  await forgotPage.requestLink(account.email);
  await expect(forgotPage.status).toHaveText(en.forgotPassword.sent);

  // The account's registration mail is in the outbox too.
  const mail = await waitForMail(
    (candidate) => candidate.to === account.email && candidate.subject === en.mail.passwordReset.subject,
  );
  // Requests are prepared in order, so the stranger's turn is over: it produced no mail.
  expect(mailsMatching((candidate) => candidate.to === stranger)).toEqual([]);
  expect(mail.subject).toBe(en.mail.passwordReset.subject);
  expect(mail.html).toContain('<a href=');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  const resetPage = new ResetPasswordPage(page);
  await resetPage.setPassword(newPassword, `${newPassword}x`);
  await expect(page.getByText(en.resetPassword.mismatch)).toBeVisible();
  await resetPage.setPassword(newPassword);

  await expect(page).toHaveURL(/\/login\?passwordReset=1$/);
  const loginPage = new LoginPage(page);
  await expect(loginPage.status).toHaveText(en.resetPassword.loginNotice);
  await loginPage.logIn(account.email, account.password);
  await expect(loginPage.status).toHaveText(en.errors.INVALID_CREDENTIALS);
  await loginPage.logIn(account.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(link!);
  await expect(resetPage.invalidNotice).toHaveText(en.resetPassword.invalid);
  await expect(page.getByRole('link', { name: en.resetPassword.requestNew })).toBeVisible();
});

test('contact form with attachment: Sending..., Thank you, and the mail with the file reaches CONTACT_TO', async ({
  page,
}) => {
  const sender = uniqueEmail();
  const contactPage = new ContactPage(page);
  await contactPage.goto();

  // A file whose name says PDF but whose content is not one of the accepted types.
  await contactPage.send({
    firstname: 'Grete',
    lastname: 'Öztürk',
    email: sender,
    message: 'Please see the attachment.',
    attachment: {
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from([0, 1, 2, 3, 255, 254]),
    },
  });
  await expect(page.getByText(`Attachment (optional): ${en.errors.INVALID_ATTACHMENT}`)).toBeVisible();

  // A control character passes the form's own checks; the server's field error is shown prefixed.
  await contactPage.message.fill('Please see the attachment.\u0007');
  await contactPage.attachment.setInputFiles([]);
  await contactPage.submitButton.click();
  await expect(page.getByText(`Message: ${en.validation.controlCharacters}`)).toBeVisible();
  await contactPage.message.fill('Please see the attachment.');

  await contactPage.attachment.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Grüße aus Köln\n'),
  });
  await contactPage.topic.fill('Feedback');
  // Hold the answer briefly so the in-between state can be seen.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await contactPage.submitButton.click();
  await expect(contactPage.status).toHaveText('Sending...');
  await expect(contactPage.thankYou).toBeVisible();
  await expect(page.getByText(en.contact.thankYou)).toBeVisible();

  const mail = await waitForMail(
    (candidate) => candidate.to === E2E_CONTACT_TO && candidate.replyTo === sender,
  );
  expect(mail.subject).toBe('Contact form: Feedback – Grete Öztürk');
  expect(mail.text).toContain('Please see the attachment.');
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments![0]).toMatchObject({ filename: 'notes.txt', contentType: 'text/plain' });
  expect(Buffer.from(mail.attachments![0]!.contentBase64, 'base64').toString('utf8')).toBe(
    'Grüße aus Köln\n',
  );
});
