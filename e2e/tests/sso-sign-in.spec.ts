import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SsoProviderSummary } from '@toolpass/contracts';
import { type OidcTestProvider, startOidcProvider } from '@toolpass/server/testing';
import { createVerifiedAccount, openSignedIn, signInThroughApi, uniqueAccount } from '../support/accounts.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';

const REALM = 'makerspace';
const suffix = () => randomBytes(3).toString('hex');

async function adminCall<T>(path: string, method: string, body?: unknown): Promise<T> {
  const { baseUrl, admin } = e2eEnvironment();
  const { authToken } = await signInThroughApi(admin);
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      Authorization: `Bearer ${authToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The one redirect URI of every provider of the app, known before a provider is saved. */
const redirectUri = () => `${e2eEnvironment().baseUrl}/api/auth/sso/OIDC/callback`;

/** Registers the app at the test provider, as an administrator does before adding it. */
function registerApp(op: OidcTestProvider, client: { id: string; secret: string }) {
  op.addClient({ clientId: client.id, clientSecret: client.secret, redirectUris: [redirectUri()] });
}

/** What the page's CSP refused (Chromium reports each on the console); the app needs nothing refused. */
function recordCspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** The provider's own login page, as a person uses it. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page.getByRole('heading', { name: 'Test provider sign-in' })).toBeVisible();
  await page.getByLabel('Provider username').fill(login);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an administrator adds a Keycloak realm through its discovery document', async ({ page }, testInfo) => {
  // A provider and axe in two languages: more than one page's worth of time.
  test.slow();
  const op = await startOidcProvider({ path: `/realms/${REALM}` });
  const cspViolations = recordCspViolations(page);
  const name = `Campus login ${suffix()}`;
  const client = { id: `toolpass-${suffix()}`, secret: `secret-${suffix()}` };
  let providerId: number | undefined;
  try {
    await test.step('the administrator opens the SSO providers from the sidebar', async () => {
      await openSignedIn(page, e2eEnvironment().admin, '/resources');
      await page.getByRole('link', { name: 'SSO Providers' }).click();
      await expect(page).toHaveURL(/\/sso\/providers$/);
      await expect(page.getByRole('heading', { name: 'SSO Providers', level: 1 })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('discovery needs a host and a realm that answer', async () => {
      await page.getByRole('button', { name: 'Discover from Keycloak' }).click();
      const dialog = page.getByRole('dialog', { name: 'Discover from Keycloak' });
      await dialog.getByRole('button', { name: 'Discover' }).click();
      await expect(dialog.getByText('Please fill all required fields.')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Host' }).fill(op.origin);
      await dialog.getByRole('textbox', { name: 'Realm' }).fill('no-such-realm');
      await dialog.getByRole('button', { name: 'Discover' }).click();
      await expect(dialog.getByText('Failed to discover configuration')).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'sso-discovery-failed');

      await dialog.getByRole('textbox', { name: 'Realm' }).fill(REALM);
      await dialog.getByRole('button', { name: 'Discover' }).click();
      await expect(dialog).toBeHidden();
      // The server read the realm: the page's connect-src 'self' refused nothing.
      expect(cspViolations).toEqual([]);
    });

    await test.step('the discovered addresses fill a new provider, which is created', async () => {
      const form = page.getByRole('dialog', { name: 'Add SSO provider' });
      // The redirect URI to register is shown before saving, with a copy button.
      await expect(form.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(redirectUri());
      await expect(form.getByRole('button', { name: 'Copy' })).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Issuer' })).toHaveValue(op.issuer);
      await expect(form.getByRole('textbox', { name: 'Authorization URL' })).toHaveValue(`${op.issuer}/auth`);
      await expect(form.getByRole('textbox', { name: 'Token URL' })).toHaveValue(`${op.issuer}/token`);
      await expect(form.getByRole('textbox', { name: 'User info URL' })).toHaveValue(`${op.issuer}/me`);
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form.getByText('This field is required.')).toHaveCount(3);
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'Client ID' }).fill(client.id);
      await form.getByLabel('Client secret').fill(client.secret);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByRole('rowheader', { name })).toBeVisible();
    });

    const providers = await adminCall<SsoProviderSummary[]>('/api/auth/sso/providers', 'GET');
    providerId = providers.find((provider) => provider.name === name)?.id;
    if (providerId === undefined) throw new Error('The created provider is not listed');

    await test.step('editing shows the settings, never the secret', async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit SSO provider' });
      await expect(form.getByRole('textbox', { name: 'Client ID' })).toHaveValue(client.id);
      await expect(form.getByLabel('Client secret')).toHaveValue('');
      await expect(form.getByText('Leave empty to keep the stored secret.')).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(redirectUri());
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toBeHidden();
    });

    await test.step('the page and its modals read well in German', async () => {
      await page.goto('/sso/providers?lng=de');
      await expect(page.getByRole('heading', { name: 'SSO-Anbieter', level: 1 })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Aus Keycloak ermitteln' }).click();
      const dialog = page.getByRole('dialog', { name: 'Aus Keycloak ermitteln' });
      await dialog.getByRole('button', { name: 'Ermitteln' }).click();
      await expect(dialog.getByText('Bitte fülle alle Pflichtfelder aus.')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await page.getByRole('button', { name: `${name} löschen` }).click();
      await expect(page.getByRole('alertdialog')).toContainText(
        'Diese Aktion kann nicht rückgängig gemacht werden.',
      );
      await expectAccessible(page);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Abbrechen' }).click();
    });
  } finally {
    if (providerId !== undefined) await adminCall(`/api/auth/sso/providers/${providerId}`, 'DELETE');
    await op.close();
  }
});

/** A provider of the app for the test provider, made through the API. */
async function addProvider(op: OidcTestProvider, name: string) {
  const client = { id: `toolpass-${suffix()}`, secret: `secret-${suffix()}` };
  const provider = await adminCall<{ id: number }>('/api/auth/sso/providers', 'POST', {
    name,
    type: 'OIDC',
    oidcConfiguration: {
      issuer: op.issuer,
      authorizationURL: `${op.issuer}/auth`,
      tokenURL: `${op.issuer}/token`,
      userInfoURL: `${op.issuer}/me`,
      clientId: client.id,
      clientSecret: client.secret,
    },
  });
  registerApp(op, client);
  return provider;
}

test('a signed-out visitor signs in at the provider and lands back signed in', async ({ page }, testInfo) => {
  const op = await startOidcProvider();
  const name = `Campus login ${suffix()}`;
  const provider = await addProvider(op, name);
  try {
    const login = `visitor-${suffix()}`;
    op.setAccount({
      sub: login,
      email: `${login}@campus.example`,
      email_verified: true,
      preferred_username: login,
    });
    const cspViolations = recordCspViolations(page);
    await page.goto('/resources');
    const button = page.getByRole('link', { name: `Sign in with ${name}` });
    await expect(button).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'sso-sign-in-screen');
    await button.click();
    await signInAtProvider(page, login);
    await expect(page.getByRole('button', { name: `Account menu of ${login}` })).toBeVisible();
    await expect(page).toHaveURL(/\/resources$/);
    const stored = await page.evaluate(() => window.localStorage.getItem('auth'));
    const authToken: string = JSON.parse(stored ?? '{}').authToken;
    expect(authToken).toEqual(expect.any(String));

    await test.step('the session token is in no address: bar, history or timing entries', async () => {
      expect(page.url()).not.toContain('ssoCode');
      const seen = await page.evaluate(() => ({
        href: window.location.href,
        navigation: performance.getEntriesByType('navigation').map((entry) => entry.name),
        resources: performance.getEntriesByType('resource').map((entry) => entry.name),
      }));
      expect(seen.href).toBe(`${e2eEnvironment().baseUrl}/resources`);
      // Every entry of the tab's history, the provider's pages included (Chromium's own list).
      const cdp = await page.context().newCDPSession(page);
      const { entries } = await cdp.send('Page.getNavigationHistory');
      await cdp.detach();
      const addresses = [
        seen.href,
        ...seen.navigation,
        ...seen.resources,
        ...entries.map((entry) => entry.url),
      ];
      expect(entries.length).toBeGreaterThan(1);
      for (const address of addresses) {
        expect(address).not.toContain(authToken);
        expect(address).not.toContain(encodeURIComponent(authToken));
        expect(new URL(address).searchParams.has('auth'), address).toBe(false);
      }
      expect(entries.at(-1)?.url).toBe(`${e2eEnvironment().baseUrl}/resources`);
      // The page was loaded at the address with the code (the timing entry keeps it); that code
      // is spent, so whoever reads it there gets nothing.
      const landed = new URL(seen.navigation[0] ?? '');
      const code = landed.searchParams.get('ssoCode') ?? '';
      expect(code).not.toBe('');
      const again = await page.request.post('/api/auth/sso/session', { data: { code } });
      expect(again.status()).toBe(400);
      expect(await again.text()).not.toContain('authToken');
      expect(cspViolations).toEqual([]);
    });

    await test.step('a return without the sign-on of this browser ends on the sign-in screen', async () => {
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(`/api/auth/sso/OIDC/${provider.id}/callback?code=stolen&state=forged`);
      await expect(
        page.getByText('The sign-in took too long or was started in another browser.'),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    });
  } finally {
    await adminCall(`/api/auth/sso/providers/${provider.id}`, 'DELETE');
    await op.close();
  }
});

test('the linking modal links an existing account, which the next sign-on enters', async ({
  page,
}, testInfo) => {
  const op = await startOidcProvider();
  const name = `Lab login ${suffix()}`;
  const member = await createVerifiedAccount(uniqueAccount('linked'));
  const provider = await addProvider(op, name);
  try {
    const sub = `person-${suffix()}`;
    op.setAccount({
      sub,
      email: member.email,
      email_verified: true,
      preferred_username: `other-${suffix()}`,
    });

    await page.goto('/resources?lng=de');
    await page.getByRole('link', { name: `Mit ${name} anmelden` }).click();
    await signInAtProvider(page, sub);

    const dialog = page.getByRole('dialog', { name: 'Konto verknüpfen' });
    await expect(dialog).toContainText(member.email);
    await expect(page).toHaveURL(/\/resources\?lng=de$/);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'sso-linking-de');

    await dialog.getByLabel('Passwort', { exact: true }).fill('not the password');
    await dialog.getByRole('button', { name: 'Konto verknüpfen' }).click();
    await expect(page.getByText('Verknüpfung fehlgeschlagen')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Passwort', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Konto verknüpfen' }).click();
    // Linked, the app starts the sign-on again; the provider still knows the person.
    await expect(page.getByRole('button', { name: `Kontomenü von ${member.username}` })).toBeVisible();
    await expect(page).toHaveURL(/\/resources\?lng=de$/);
  } finally {
    await adminCall(`/api/auth/sso/providers/${provider.id}`, 'DELETE');
    await op.close();
  }
});
