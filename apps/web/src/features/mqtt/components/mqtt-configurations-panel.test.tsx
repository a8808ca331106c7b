import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryLogEntry, MqttConfiguration } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { MqttConfigurationsPanel } from './mqtt-configurations-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const configuration: MqttConfiguration = {
  id: 11,
  resourceId: 7,
  name: 'Laser relay',
  serverId: 3,
  inUseTopic: 'laser/{{id}}',
  inUseMessage: 'on',
  notInUseTopic: 'laser/{{id}}/off',
  notInUseMessage: 'off',
  takeoverTopic: null,
  takeoverMessage: null,
  onTakeoverSendStart: false,
  onTakeoverSendStop: false,
  onTakeoverSendTakeover: true,
};
const delivery: DeliveryLogEntry = {
  id: 90,
  eventType: 'usage.started',
  status: 'failed',
  attempts: 3,
  lastError: 'Broker unreachable',
  createdAt: '2026-03-01T09:30:00.000Z',
  finishedAt: null,
};
const servers = [{ id: 3, name: 'Workshop broker', host: 'broker.local', port: 1883 }];

function renderPanel(routes: Parameters<typeof fakeApi>[0] = {}) {
  const sent = fakeApi({
    'GET /api/resources/7/mqtt/config': { status: 200, body: [configuration] },
    'GET /api/mqtt/servers': { status: 200, body: servers },
    ...routes,
  });
  renderRoute(<MqttConfigurationsPanel resourceId={7} />, {
    path: '/resources/7/iot',
    pattern: '/resources/:id/iot',
  });
  return sent;
}

describe('MQTT configurations panel', () => {
  it('lists each configuration with its server and topics, and links to add one', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Laser relay' })).toBeTruthy();
    expect(await screen.findByText('Server: Workshop broker (broker.local:1883)')).toBeTruthy();
    expect(screen.getByText('laser/{{id}}/off')).toBeTruthy();
    expect(screen.getByText('Default topic')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Laser relay' }).getAttribute('href')).toBe(
      '/resources/7/iot/mqtt/11',
    );
    expect(screen.getByRole('link', { name: 'Test Laser relay' }).getAttribute('href')).toBe(
      '/resources/7/iot/mqtt/test/11',
    );
    expect(screen.getByRole('link', { name: 'Add MQTT Configuration' }).getAttribute('href')).toBe(
      '/resources/7/iot/mqtt/create',
    );
  });

  it('says when the resource has no configuration', async () => {
    renderPanel({ 'GET /api/resources/7/mqtt/config': { status: 200, body: [] } });
    expect(await screen.findByText('No MQTT configurations yet.')).toBeTruthy();
  });

  it('shows the recent deliveries with time, event, attempts, status and error', async () => {
    renderPanel({ 'GET /api/resources/7/mqtt/config/11/deliveries': { status: 200, body: [delivery] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Show deliveries' }));
    const table = await screen.findByRole('grid', { name: 'Recent deliveries of Laser relay' });
    const row = (await within(table).findByText('Usage started')).closest('tr') as HTMLElement;
    expect(within(row).getByText(formatDateTime(delivery.createdAt))).toBeTruthy();
    expect(formatDateTime(delivery.createdAt)).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}$/);
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Broker unreachable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide deliveries' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('deletes a configuration after the confirmation', async () => {
    let deleted = false;
    const sent = renderPanel({
      'GET /api/resources/7/mqtt/config': () => ({ status: 200, body: deleted ? [] : [configuration] }),
      'DELETE /api/resources/7/mqtt/config/11': () => {
        deleted = true;
        return { status: 200, body: { message: 'MQTT configuration deleted' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Laser relay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Laser relay?' });
    expect(within(dialog).getByText('Are you sure you want to delete this MQTT configuration?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Configuration deleted')).toBeTruthy();
    expect(await screen.findByText('No MQTT configurations yet.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/resources/7/mqtt/config/11',
    ]);
  });

  it('says when a delete failed', async () => {
    renderPanel({
      'DELETE /api/resources/7/mqtt/config/11': { status: 500, body: apiError(500, 'Internal Server Error') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Laser relay' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Laser relay?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Delete failed')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Laser relay' })).toBeTruthy());
  });
});
