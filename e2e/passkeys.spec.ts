import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { createAccount, signInViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

// WebAuthn refuses an IP address as the relying party, and the suite's server is at 127.0.0.1: this
// spec runs the built app at http://localhost on a port of its own (next to E2E_PORT).
const port = Number(process.env.E2E_PORT ?? 3123) + 40;
const appUrl = `http://localhost:${port}`;

test.use({ baseURL: appUrl });
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ port, appUrl, name: 'passkeys' });
});
test.afterAll(async () => server?.stop());

/** Chromium's virtual authenticator (CDP): a platform authenticator with resident keys and user verification. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey is added and named on the profile page, then signs in on the login page', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signInViaApi(page, account, 'no page');
  await page.goto('/profile');

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible();
  // Right after adding, the name field is open and focused, holding the default name.
  const nameField = section.getByLabel('Name of the passkey');
  await expect(nameField).toBeFocused();
  await expect(nameField).toHaveValue(/^Passkey on /);
  expect(await seriousViolations(page)).toEqual([]);
  await nameField.fill('  Work laptop  ');
  await section.getByRole('button', { name: 'Save name' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Passkey renamed.' })).toBeVisible();
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Work laptop', { exact: true })).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();

  // The same device again: the server excluded its credential, so the browser adds nothing.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'No passkey was added: This device already holds one of your passkeys for this account.',
  );
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  const signInButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(signInButton).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await signInButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.signCount).toBeGreaterThan(0);

  await page.goto('/profile');
  await expect(list.getByText(/last used/)).toBeVisible();
});

test('a refused prompt adds nothing; a removed passkey no longer signs in, and the login page says why', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signInViaApi(page, account, 'no page');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Passkeys' });

  // The fingerprint or PIN is not given (as when the browser's prompt is cancelled): nothing is added.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('No passkey was added.');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });

  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible();
  await section.getByRole('button', { name: 'Cancel' }).click();

  await section.getByRole('button', { name: /^Remove Passkey on / }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'This passkey is not registered here. Log in with your password and add it on your profile page.',
  );
  await expect(page).toHaveURL(/\/login$/);
});
