import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import {
  DESKTOP_VIEWPORT,
  expect,
  expectAccessible,
  MOBILE_VIEWPORT,
  saveScreenshot,
  test,
} from '../support/fixtures.ts';
import { createMqttConfiguration, createMqttServer } from '../support/mqtt-api.ts';
import { subscribeAsMachine } from '../support/mqtt-broker.ts';

/** A topic prefix no other test (or another run on a shared Mosquitto) publishes under. */
const ownTopicPrefix = () => `toolpass-e2e/${randomBytes(6).toString('hex')}`;

/** The dark theme from the first page on, as a member who chose it before. */
async function preferDarkTheme(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('heroui-theme', 'dark'));
}

test('a manager connects a resource to the broker, tests it, and a member’s session arrives there', async ({
  page,
  browser,
}, testInfo) => {
  // A whole story across pages and browsers, with axe: it takes most of a minute on 2 cores.
  test.setTimeout(150_000);
  const broker = e2eEnvironment().mqttBroker;
  const manager = await createResourceManager('mqtt-manager');
  const resource = await createResource(manager, { name: `Laser cutter ${Date.now()}` });
  const member = await createMember('mqtt-member');
  await grantIntroduction(manager, resource.id, member.id);
  const serverName = `Workshop broker ${randomBytes(3).toString('hex')}`;
  const configurationName = `Laser relay ${randomBytes(3).toString('hex')}`;
  const topicPrefix = ownTopicPrefix();
  const topic = `${topicPrefix}/${resource.id}/status`;
  const machine = await subscribeAsMachine(broker, topic);

  try {
    await test.step('the manager adds the broker as an MQTT server from the sidebar', async () => {
      await openSignedIn(page, manager, '/resources');
      await page.getByRole('link', { name: 'MQTT Servers' }).click();
      await expect(page).toHaveURL(/\/mqtt\/servers$/);
      await expect(page.getByRole('heading', { name: 'MQTT Servers', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Add MQTT Server' }).click();
      await expect(page).toHaveURL(/\/mqtt\/servers\/create$/);
      await expect(page.getByRole('textbox', { name: 'Port' })).toHaveValue('1883');

      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('This field is required.')).toHaveCount(2);
      await page.getByRole('textbox', { name: 'Port' }).fill('80a');
      await expect(page.getByText('The port must be a whole number from 1 to 65535.')).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'server-form-invalid');

      await page.getByRole('textbox', { name: /^Name/ }).fill(serverName);
      await page.getByRole('textbox', { name: 'Host' }).fill(broker.host);
      await page.getByRole('textbox', { name: 'Port' }).fill(String(broker.port));
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('MQTT server created')).toBeVisible();
      await expect(page).toHaveURL(/\/mqtt\/servers$/);
    });

    await test.step('the list shows the server with its status, and its test connects', async () => {
      const row = page.getByRole('row', { name: new RegExp(serverName) });
      await expect(row).toContainText(`mqtt://${broker.host}:${broker.port}`);
      await expect(row).toContainText(/Sent: \d+ · Failed: \d+/);
      await row.getByRole('button', { name: `Test ${serverName}` }).click();
      await expect(row.getByText('Connection successful')).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'servers');
      await page.setViewportSize(MOBILE_VIEWPORT);
      await saveScreenshot(page, testInfo, 'servers-mobile');
      await page.getByRole('link', { name: `Edit ${serverName}` }).click();
      await expect(page.getByRole('heading', { name: 'Edit MQTT Server' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'server-form-mobile');
      await page.setViewportSize(DESKTOP_VIEWPORT);
    });

    await test.step('the resource page leads managers to the IoT settings', async () => {
      await page.goto(`/resources/${resource.id}`);
      await page.getByRole('link', { name: 'IoT Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}/iot$`));
      await expect(page.getByRole('heading', { name: 'IoT Settings', level: 1 })).toBeVisible();
      await expect(page.getByText('No MQTT configurations yet.')).toBeVisible();
      await page.getByRole('button', { name: 'ESP device example' }).click();
      const sketch = page.getByRole('region', { name: 'Arduino sketch' });
      await expect(sketch).toContainText(`const char* MQTT_TOPIC = "resources/${resource.id}/status";`);
      await expect(sketch).toContainText('mqtt.subscribe(MQTT_TOPIC, 1);');
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'iot-page');
    });

    await test.step('a new configuration starts from the defaults and needs a server', async () => {
      await page.getByRole('link', { name: 'Add MQTT Configuration' }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}/iot/mqtt/create$`));
      await expect(page.getByRole('heading', { name: 'New MQTT Configuration' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^In-use topic/ })).toHaveValue(
        'resources/{{id}}/status',
      );
      await expect(page.getByRole('textbox', { name: /^In-use message/ })).toHaveValue(/"status":"in-use"/);
      await expect(page.getByRole('textbox', { name: /^In-use message/ })).toHaveAttribute('rows', '5');
      await expect(page.getByRole('textbox', { name: 'Takeover topic' })).toHaveAttribute(
        'placeholder',
        'resources/{{id}}/status',
      );
      await expect(page.getByRole('switch', { name: 'the takeover message' })).toBeChecked();
      await expect(
        page.getByRole('switch', { name: 'the in-use message for the new user' }),
      ).not.toBeChecked();
      await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
      await expectAccessible(page);

      await page.getByRole('textbox', { name: /^Name/ }).fill(configurationName);
      await page.getByRole('button', { name: /MQTT server/ }).click();
      await page.getByRole('option', { name: serverName }).click();
      await page.getByRole('textbox', { name: /^In-use topic/ }).fill(`${topicPrefix}/{{id}}/status`);
      await page.getByRole('textbox', { name: 'Not-in-use topic' }).fill(`${topicPrefix}/#`);
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(
        page.getByText('A topic to publish to must not contain the wildcards + or #.'),
      ).toBeVisible();
      await page.getByRole('textbox', { name: 'Not-in-use topic' }).fill(`${topicPrefix}/{{id}}/status`);
      await saveScreenshot(page, testInfo, 'configuration-form');
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('MQTT configuration created')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}/iot$`));
      await expect(page.getByRole('heading', { name: configurationName })).toBeVisible();
      await expect(page.getByText(`Server: ${serverName}`)).toBeVisible();
    });

    await test.step('its test page previews the message and publishes it to the broker', async () => {
      await page.getByRole('link', { name: `Test ${configurationName}` }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}/iot/mqtt/test/\\d+$`));
      await expect(page.getByRole('heading', { name: configurationName })).toBeVisible();
      await expect(page.getByText(`${topicPrefix}/{{id}}/status`)).toHaveCount(2);
      // The preview fills the placeholders and formats the JSON.
      await expect(page.getByText(topic, { exact: true })).toBeVisible();
      await expect(page.getByText(`"resourceName": "${resource.name}"`)).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Run Test' }).click();
      await expect(page.getByText('Test successful')).toBeVisible({ timeout: 20_000 });
      await expect
        .poll(() => machine.messages.some((message) => message.payload.includes('"example-user"')))
        .toBe(true);
      await expectAccessible(page);
      await saveScreenshot(page, testInfo, 'test-page-success');
      await page.getByRole('link', { name: 'Back to Configurations' }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/${resource.id}/iot$`));
    });

    await test.step('a member starts a session and the broker gets the substituted in-use message', async () => {
      const memberContext = await browser.newContext();
      const memberPage = await memberContext.newPage();
      await openSignedIn(memberPage, member, `/resources/${resource.id}`);
      await memberPage.getByRole('button', { name: 'Start Using Resource' }).click();
      await expect(memberPage.getByText('Session Started')).toBeVisible();
      await memberContext.close();

      await expect
        .poll(() => machine.messages.find((message) => message.payload.includes(member.username)), {
          timeout: 15_000,
        })
        .toBeTruthy();
      const received = machine.messages.find((message) => message.payload.includes(member.username));
      expect(received?.topic).toBe(topic);
      expect(JSON.parse(received?.payload ?? '{}')).toMatchObject({
        status: 'in-use',
        resourceId: resource.id,
        resourceName: resource.name,
        user: { id: member.id, username: member.username },
      });
    });

    await test.step('the configuration shows the delivery', async () => {
      await page.getByRole('button', { name: 'Show deliveries' }).click();
      const deliveries = page.getByRole('grid', { name: `Recent deliveries of ${configurationName}` });
      await expect(deliveries.getByRole('row').filter({ hasText: 'Usage started' })).toContainText(
        'Delivered',
      );
      await expect(deliveries).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await expectAccessible(page);
      await page.setViewportSize(MOBILE_VIEWPORT);
      await saveScreenshot(page, testInfo, 'iot-page-mobile');
    });
  } finally {
    await machine.close();
  }
});

test('the MQTT screens are accessible in German and dark, delete with confirmation, and turn members away', async ({
  page,
  browser,
}, testInfo) => {
  // A whole story across pages and browsers, with axe: it takes most of a minute on 2 cores.
  test.setTimeout(150_000);
  const manager = await createResourceManager('mqtt-de');
  const resource = await createResource(manager, { name: `Drehbank ${Date.now()}` });
  const server = await createMqttServer(manager, `Broker ${randomBytes(3).toString('hex')}`);
  const configuration = await createMqttConfiguration(manager, resource.id, {
    name: `Relais ${randomBytes(3).toString('hex')}`,
    serverId: server.id,
    topic: `${ownTopicPrefix()}/{{id}}/status`,
  });
  await preferDarkTheme(page);

  await test.step('server list and form', async () => {
    await openSignedIn(page, manager, '/mqtt/servers?lng=de');
    await expect(page.getByRole('heading', { name: 'MQTT-Server', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('row', { name: new RegExp(server.name) })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'servers-de-dark');

    await page.getByRole('link', { name: `Bearbeiten: ${server.name}` }).click();
    await expect(page.getByRole('heading', { name: 'MQTT-Server bearbeiten' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Host' })).toHaveValue(server.host);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'server-form-de-dark');
  });

  await test.step('a server in use is not deleted', async () => {
    await page.goto('/mqtt/servers');
    await page.getByRole('button', { name: `Löschen: ${server.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Diese Aktion kann nicht rückgängig gemacht werden.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Der MQTT-Server konnte nicht gelöscht werden.')).toBeVisible();
    await expect(page.getByText(/Der MQTT-Server wird von MQTT-Konfigurationen verwendet/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  });

  await test.step('IoT page, configuration form and test page', async () => {
    await page.goto(`/resources/${resource.id}/iot`);
    await expect(page.getByRole('heading', { name: 'IoT-Einstellungen', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: configuration.name })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'iot-page-de-dark');

    await page.goto(`/resources/${resource.id}/iot/mqtt/${configuration.id}`);
    await expect(page.getByRole('heading', { name: 'MQTT-Konfiguration bearbeiten' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(configuration.name);
    await expectAccessible(page);
    await saveScreenshot(page, testInfo, 'configuration-form-de-dark');

    await page.goto(`/resources/${resource.id}/iot/mqtt/test/${configuration.id}`);
    await expect(page.getByRole('heading', { name: 'MQTT-Konfiguration testen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test ausführen' })).toBeEnabled();
    await expectAccessible(page);
    await page.setViewportSize(MOBILE_VIEWPORT);
    await saveScreenshot(page, testInfo, 'test-page-de-dark-mobile');
  });

  await test.step('the configuration, then the server, are deleted after a confirmation', async () => {
    await page.goto(`/resources/${resource.id}/iot`);
    await page.getByRole('button', { name: `Löschen: ${configuration.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Möchtest du diese MQTT-Konfiguration wirklich löschen?');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Konfiguration gelöscht')).toBeVisible();
    await expect(page.getByText('Noch keine MQTT-Konfigurationen.')).toBeVisible();

    await page.goto('/mqtt/servers');
    await page.getByRole('button', { name: `Löschen: ${server.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('MQTT-Server gelöscht')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(server.name) })).toHaveCount(0);
  });

  await test.step('members are sent to the resource page and to the start page', async () => {
    const member = await createMember('mqtt-nosy');
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, member, `/resources/${resource.id}/iot`);
    await expect(memberPage).toHaveURL(new RegExp(`/resources/${resource.id}$`));
    await expect(memberPage.getByRole('link', { name: 'IoT Settings' })).toHaveCount(0);
    await memberPage.goto(`/resources/${resource.id}/iot/mqtt/create`);
    await expect(memberPage).toHaveURL(new RegExp(`/resources/${resource.id}$`));
    await memberPage.goto('/mqtt/servers');
    await expect(memberPage).toHaveURL(/\/resources$/);
    await expect(memberPage.getByRole('link', { name: 'MQTT Servers' })).toHaveCount(0);
    await memberContext.close();
  });
});
