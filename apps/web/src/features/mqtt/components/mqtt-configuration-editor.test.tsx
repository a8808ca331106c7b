import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_MQTT_MESSAGES,
  DEFAULT_MQTT_TOPIC,
  type MqttConfiguration,
  type MqttServer,
} from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { aResource } from '../../../test/resource-fixture.ts';
import { MqttConfigurationCreateEditor, MqttConfigurationEditEditor } from './mqtt-configuration-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const resource = aResource({
  id: 7,
  name: 'Laser cutter',
  allowTakeOver: true,
});
const broker: MqttServer = {
  id: 3,
  name: 'Workshop broker',
  host: 'broker.local',
  port: 1883,
  clientId: null,
  username: null,
  hasPassword: false,
  useTls: false,
};
const saved: MqttConfiguration = {
  id: 11,
  resourceId: resource.id,
  name: 'Laser relay',
  serverId: broker.id,
  inUseTopic: 'laser/{{id}}',
  inUseMessage: 'on',
  notInUseTopic: 'laser/{{id}}',
  notInUseMessage: 'off',
  takeoverTopic: null,
  takeoverMessage: null,
  onTakeoverSendStart: true,
  onTakeoverSendStop: false,
  onTakeoverSendTakeover: false,
};

const baseRoutes = (servers: MqttServer[]) => ({
  [`GET /api/resources/${resource.id}`]: { status: 200, body: resource },
  'GET /api/mqtt/servers': { status: 200, body: servers },
});
const renderCreate = () =>
  renderRoute(<MqttConfigurationCreateEditor resourceId={resource.id} />, {
    path: `/resources/${resource.id}/iot/mqtt/create`,
    pattern: '/resources/:resourceId/iot/mqtt/create',
  });
const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const createButton = () => screen.getByRole('button', { name: 'Create' });

async function chooseServer(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: /MQTT server/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('MQTT configuration form', () => {
  it('starts a new configuration from the default topic and messages and the spec’s takeover flags', async () => {
    fakeApi(baseRoutes([broker]));
    renderCreate();
    expect(await screen.findByText('Laser cutter')).toBeTruthy();
    expect(textbox(/^In-use topic/).value).toBe(DEFAULT_MQTT_TOPIC);
    expect(textbox(/^Not-in-use topic/).value).toBe(DEFAULT_MQTT_TOPIC);
    expect(textbox(/^In-use message/).value).toBe(DEFAULT_MQTT_MESSAGES.inUse);
    expect(textbox(/^Not-in-use message/).value).toBe(DEFAULT_MQTT_MESSAGES.notInUse);
    expect(textbox(/^In-use message/).getAttribute('rows')).toBe('5');
    // The optional takeover fields stay empty and show the defaults they fall back to.
    expect(textbox(/^Takeover topic/).value).toBe('');
    expect(textbox(/^Takeover topic/).placeholder).toBe(DEFAULT_MQTT_TOPIC);
    expect(textbox(/^Takeover message/).placeholder).toBe(DEFAULT_MQTT_MESSAGES.takeover);
    const flag = (name: string) => (screen.getByRole('switch', { name }) as HTMLInputElement).checked;
    expect(flag('the in-use message for the new user')).toBe(false);
    expect(flag('the not-in-use message for the previous user')).toBe(false);
    expect(flag('the takeover message')).toBe(true);
    expect(screen.getByText('{{user.externalIdentifier}}')).toBeTruthy();
  });

  it('cannot be submitted before a server is chosen', async () => {
    fakeApi(baseRoutes([broker]));
    renderCreate();
    await screen.findByText('Laser cutter');
    expect(createButton().hasAttribute('disabled')).toBe(true);
    await chooseServer('Workshop broker');
    expect(createButton().hasAttribute('disabled')).toBe(false);
  });

  it('refuses empty required fields and topics with wildcards, without calling the server', async () => {
    const sent = fakeApi(baseRoutes([broker]));
    renderCreate();
    await chooseServer('Workshop broker');
    await userEvent.clear(textbox(/^In-use message/));
    await userEvent.clear(textbox(/^Not-in-use topic/));
    await userEvent.type(textbox(/^Not-in-use topic/), 'laser/+/status');
    await userEvent.type(textbox(/^Takeover topic/), 'laser/#');
    await userEvent.click(createButton());

    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(textbox(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(textbox(/^In-use message/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('A topic to publish to must not contain the wildcards + or #.')).toHaveLength(
      2,
    );
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('creates the configuration, empty takeover fields meaning the defaults, and returns to the IoT page', async () => {
    const sent = fakeApi({
      ...baseRoutes([broker]),
      [`POST /api/resources/${resource.id}/mqtt/config`]: { status: 201, body: saved },
    });
    renderCreate();
    await userEvent.type(textbox(/^Name/), ' Laser relay ');
    await chooseServer('Workshop broker');
    await userEvent.click(createButton());

    expect(await screen.findByText(`Now at /resources/${resource.id}/iot`)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Laser relay',
      serverId: broker.id,
      inUseTopic: DEFAULT_MQTT_TOPIC,
      inUseMessage: DEFAULT_MQTT_MESSAGES.inUse,
      notInUseTopic: DEFAULT_MQTT_TOPIC,
      notInUseMessage: DEFAULT_MQTT_MESSAGES.notInUse,
      takeoverTopic: null,
      takeoverMessage: null,
      onTakeoverSendStart: false,
      onTakeoverSendStop: false,
      onTakeoverSendTakeover: true,
    });
  });

  it('creates a server in the modal and selects it, without submitting the configuration', async () => {
    let servers: MqttServer[] = [];
    const created: MqttServer = { ...broker, id: 5, name: 'New broker' };
    const sent = fakeApi({
      [`GET /api/resources/${resource.id}`]: { status: 200, body: resource },
      'GET /api/mqtt/servers': () => ({ status: 200, body: servers }),
      'POST /api/mqtt/servers': () => {
        servers = [created];
        return { status: 201, body: created };
      },
    });
    renderCreate();
    expect(await screen.findByText('There is no MQTT server yet: add one with New Server.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New Server' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'New broker');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Host/ }), 'broker.local');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /MQTT server/ }).textContent).toContain('New broker');
    expect(createButton().hasAttribute('disabled')).toBe(false);
    // Had the configuration form been submitted too, its empty name would be flagged by now.
    expect(screen.queryByText('This field is required.')).toBeNull();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/mqtt/servers',
    ]);
  });

  it('edits a configuration from its saved values and tells when saving failed', async () => {
    const sent = fakeApi({
      ...baseRoutes([broker]),
      [`GET /api/resources/${resource.id}/mqtt/config/${saved.id}`]: { status: 200, body: saved },
      [`PUT /api/resources/${resource.id}/mqtt/config/${saved.id}`]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Database locked', requestId: 'r' },
      },
    });
    renderRoute(<MqttConfigurationEditEditor resourceId={resource.id} configId={saved.id} />, {
      path: `/resources/${resource.id}/iot/mqtt/${saved.id}`,
      pattern: '/resources/:resourceId/iot/mqtt/:configId',
    });
    expect(((await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement).value).toBe(
      'Laser relay',
    );
    expect(
      (screen.getByRole('switch', { name: 'the in-use message for the new user' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update MQTT configuration.')).toBeTruthy();
    expect(screen.getByText('Database locked')).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
      name: 'Laser relay',
      serverId: broker.id,
      inUseMessage: 'on',
      onTakeoverSendStart: true,
      onTakeoverSendTakeover: false,
    });
  });
});
