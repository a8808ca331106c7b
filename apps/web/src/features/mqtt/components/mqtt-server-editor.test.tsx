import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MqttMessages, type MqttServer } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { MqttServerCreateEditor, MqttServerEditEditor } from './mqtt-server-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored: MqttServer = {
  id: 4,
  name: 'Workshop broker',
  host: 'broker.local',
  port: 1883,
  clientId: null,
  username: 'toolpass',
  hasPassword: true,
  useTls: false,
};

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const renderCreate = () =>
  renderRoute(<MqttServerCreateEditor />, { path: '/mqtt/servers/create', pattern: '/mqtt/servers/create' });
const renderEdit = () =>
  renderRoute(<MqttServerEditEditor serverId={stored.id} />, {
    path: `/mqtt/servers/${stored.id}`,
    pattern: '/mqtt/servers/:serverId',
  });

describe('MQTT server form', () => {
  it('refuses a missing name and host and a port that is not a number, without calling the server', async () => {
    const sent = fakeApi({});
    renderCreate();
    expect((field(/^Port/) as HTMLInputElement).value).toBe('1883');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Host/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field(/^Port/));
    await userEvent.type(field(/^Port/), '18x3');
    expect(screen.getByText('The port must be a whole number from 1 to 65535.')).toBeTruthy();
    await userEvent.clear(field(/^Port/));
    await userEvent.type(field(/^Port/), '65536');
    expect(screen.getByText('The port must be a whole number from 1 to 65535.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('creates the server with the port as a number and empty options as none, then shows the list', async () => {
    const sent = fakeApi({
      'POST /api/mqtt/servers': { status: 201, body: { ...stored, hasPassword: false } },
    });
    renderCreate();
    await userEvent.type(field(/^Name/), '  Workshop broker ');
    await userEvent.type(field(/^Host/), 'broker.local');
    await userEvent.clear(field(/^Port/));
    await userEvent.type(field(/^Port/), '8883');
    await userEvent.click(screen.getByRole('switch', { name: 'Use TLS (mqtts://)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Now at /mqtt/servers')).toBeTruthy();
    expect(await screen.findByText('MQTT server created')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/mqtt/servers',
        body: {
          name: 'Workshop broker',
          host: 'broker.local',
          port: 8883,
          clientId: null,
          username: null,
          useTls: true,
        },
      },
    ]);
  });

  it('words the server’s refusal of a host in the user’s language and says the creation failed', async () => {
    fakeApi({
      'POST /api/mqtt/servers': {
        status: 400,
        body: apiError(400, 'Invalid input', { host: [MqttMessages.hostInvalid] }),
      },
    });
    renderCreate();
    await userEvent.type(field(/^Name/), 'Broker');
    await userEvent.type(field(/^Host/), 'mqtt://broker.local');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Failed to create MQTT server.')).toBeTruthy();
    expect(
      screen.getByText('Host must be a host name or an IP address, without a scheme, port or path.'),
    ).toBeTruthy();
    expect(field(/^Host/).getAttribute('aria-invalid')).toBe('true');
  });

  it('never shows the stored password, and keeps it when the field is left empty', async () => {
    const sent = fakeApi({
      [`GET /api/mqtt/servers/${stored.id}`]: { status: 200, body: stored },
      [`PUT /api/mqtt/servers/${stored.id}`]: { status: 200, body: stored },
    });
    renderEdit();
    const password = await screen.findByLabelText('Password');
    expect((password as HTMLInputElement).value).toBe('');
    expect(screen.getByText('A password is stored. Leave this field empty to keep it.')).toBeTruthy();
    expect((field(/^Username/) as HTMLInputElement).value).toBe('toolpass');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Now at /mqtt/servers');
    const update = sent.find((request) => request.method === 'PUT');
    expect(update?.body).not.toHaveProperty('password');
    expect(update?.body).toMatchObject({ name: 'Workshop broker', username: 'toolpass', port: 1883 });
  });

  it('removes the stored password when asked to', async () => {
    const sent = fakeApi({
      [`GET /api/mqtt/servers/${stored.id}`]: { status: 200, body: stored },
      [`PUT /api/mqtt/servers/${stored.id}`]: { status: 200, body: { ...stored, hasPassword: false } },
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Remove the stored password' }));
    expect(screen.getByLabelText('Password').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toHaveProperty('password', null),
    );
  });

  it('says when the server does not exist', async () => {
    fakeApi({
      [`GET /api/mqtt/servers/${stored.id}`]: {
        status: 404,
        body: apiError(404, MqttMessages.serverNotFound),
      },
    });
    renderEdit();
    expect(await screen.findByText('MQTT server not found')).toBeTruthy();
  });
});
