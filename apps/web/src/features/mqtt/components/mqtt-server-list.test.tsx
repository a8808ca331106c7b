import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MqttErrorCodes, MqttMessages, type MqttServer } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { MqttServerList } from './mqtt-server-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const broker: MqttServer = {
  id: 3,
  name: 'Workshop broker',
  host: 'broker.local',
  port: 8883,
  clientId: null,
  username: null,
  hasPassword: false,
  useTls: true,
};
const renderList = () => renderRoute(<MqttServerList />, { path: '/mqtt/servers', pattern: '/mqtt/servers' });

describe('MQTT server list', () => {
  it('says when there is no server yet', async () => {
    fakeApi({ 'GET /api/mqtt/servers': { status: 200, body: [] } });
    renderList();
    expect(await screen.findByText('No MQTT servers yet')).toBeTruthy();
  });

  it('says when the servers could not be loaded', async () => {
    fakeApi({ 'GET /api/mqtt/servers': { status: 500, body: apiError(500, 'Internal Server Error') } });
    renderList();
    expect(await screen.findByText('Error loading MQTT servers.')).toBeTruthy();
  });

  it('shows each server with its address and its connection status', async () => {
    fakeApi({
      'GET /api/mqtt/servers': { status: 200, body: [broker] },
      'GET /api/mqtt/servers/status': {
        status: 200,
        body: [
          {
            serverId: 3,
            connected: false,
            lastError: 'connect ECONNREFUSED',
            messagesSent: 4,
            messagesFailed: 2,
          },
        ],
      },
    });
    renderList();
    const row = (await screen.findByText('Workshop broker')).closest('tr') as HTMLElement;
    expect(within(row).getByText('mqtts://broker.local:8883')).toBeTruthy();
    expect(await within(row).findByText('Not connected')).toBeTruthy();
    expect(within(row).getByText('Sent: 4 · Failed: 2')).toBeTruthy();
    expect(within(row).getByText('Last error: connect ECONNREFUSED')).toBeTruthy();
  });

  it('tests a server and shows the outcome under its button', async () => {
    fakeApi({
      'GET /api/mqtt/servers': { status: 200, body: [broker] },
      'GET /api/mqtt/servers/status': { status: 200, body: [] },
      'POST /api/mqtt/servers/3/test': {
        status: 200,
        body: { success: false, message: 'Not authorized' },
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Test Workshop broker' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connection failed');
    expect(alert.textContent).toContain('Not authorized');
  });

  it('deletes only after a confirmation, and tells why a server in use was kept', async () => {
    const sent = fakeApi({
      'GET /api/mqtt/servers': { status: 200, body: [broker] },
      'GET /api/mqtt/servers/status': { status: 200, body: [] },
      'DELETE /api/mqtt/servers/3': {
        status: 409,
        body: { ...apiError(409, MqttMessages.serverInUse), errorCode: MqttErrorCodes.serverInUse },
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Workshop broker' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Workshop broker?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete MQTT server.')).toBeTruthy();
    expect(screen.getByText(MqttMessages.serverInUse)).toBeTruthy();
  });
});
