import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import { createResourceManager } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, test } from '../support/fixtures.ts';
import { createMqttServer } from '../support/mqtt-api.ts';

/** The texts of the two languages this story walks through. */
const TEXTS = {
  en: {
    port: 'Port',
    password: 'Password',
    stored: 'A password is stored. Leave this field empty to keep it.',
    askAgain: 'The host, port or TLS changed: the stored password is not sent to a new address.',
    save: 'Save',
    updated: 'MQTT server updated',
  },
  de: {
    port: 'Port',
    password: 'Passwort',
    stored: 'Ein Passwort ist gespeichert. Lass dieses Feld leer, um es zu behalten.',
    askAgain:
      'Host, Port oder TLS wurden geändert: Das gespeicherte Passwort wird nicht an eine neue Adresse gesendet.',
    save: 'Speichern',
    updated: 'MQTT-Server aktualisiert',
  },
} as const;

async function hasPassword(page: Page, serverId: number): Promise<boolean> {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth') ?? '{}').authToken as string,
  );
  const response = await page.request.get(`${e2eEnvironment().baseUrl}/api/mqtt/servers/${serverId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { hasPassword: boolean }).hasPassword;
}

for (const language of ['en', 'de'] as const) {
  test(`the MQTT server form asks for the password again when the port changes (${language})`, async ({
    page,
  }) => {
    const text = TEXTS[language];
    const manager = await createResourceManager(`mqtt-address-${language}`);
    const server = await createMqttServer(manager, `Hall broker ${randomBytes(3).toString('hex')}`, {
      username: 'relay',
      password: 'broker-password',
    });
    const otherPort = String(server.port === 1884 ? 1885 : 1884);

    await openSignedIn(page, manager, `/mqtt/servers/${server.id}?lng=${language}`);
    const port = page.getByRole('textbox', { name: text.port });
    await expect(port).toHaveValue(String(server.port));
    await expect(page.getByText(text.stored)).toBeVisible();
    await expect(page.getByText(text.askAgain)).toHaveCount(0);

    await port.fill(otherPort);
    await expect(page.getByText(text.askAgain)).toBeVisible();
    await expect(page.getByLabel(text.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Back to the stored port: the stored password may stay.
    await port.fill(String(server.port));
    await expect(page.getByText(text.askAgain)).toHaveCount(0);

    await port.fill(otherPort);
    if (language === 'en') {
      // Saved without it: the server drops the password instead of sending it to the new port.
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.updated)).toBeVisible();
      expect(await hasPassword(page, server.id)).toBe(false);
    } else {
      await page.getByLabel(text.password, { exact: true }).fill('password-for-the-new-port');
      await expect(page.getByText(text.askAgain)).toHaveCount(0);
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.updated)).toBeVisible();
      expect(await hasPassword(page, server.id)).toBe(true);
    }
  });
}
