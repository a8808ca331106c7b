import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MqttConfiguration, Resource } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { MqttConfigurationTest } from './mqtt-configuration-test.tsx';

afterEach(() => vi.unstubAllGlobals());

const resource = { id: 7, name: 'Laser cutter', groups: [] } as unknown as Resource;
const configuration: MqttConfiguration = {
  id: 11,
  resourceId: 7,
  name: 'Laser relay',
  serverId: 3,
  inUseTopic: 'laser/{{id}}/state',
  inUseMessage: '{"on":true,"by":"{{user.username}}","machine":"{{name}}"}',
  notInUseTopic: 'laser/{{id}}/off',
  notInUseMessage: 'off',
  takeoverTopic: null,
  takeoverMessage: null,
  onTakeoverSendStart: false,
  onTakeoverSendStop: false,
  onTakeoverSendTakeover: true,
};
const testPath = `/api/resources/7/mqtt/config/11/test`;

function renderTestPage(routes: Parameters<typeof fakeApi>[0], shown = configuration) {
  const sent = fakeApi({
    'GET /api/resources/7': { status: 200, body: resource },
    'GET /api/resources/7/mqtt/config/11': { status: 200, body: shown },
    ...routes,
  });
  renderRoute(<MqttConfigurationTest resourceId={7} configId={11} />, {
    path: '/resources/7/iot/mqtt/test/11',
    pattern: '/resources/:resourceId/iot/mqtt/test/:configId',
  });
  return sent;
}

describe('MQTT configuration test page', () => {
  it('shows the configuration, its topics and the in-use message with the placeholders filled in', async () => {
    renderTestPage({});
    expect(await screen.findByRole('heading', { name: 'Laser relay' })).toBeTruthy();
    expect(screen.getByText('laser/{{id}}/state')).toBeTruthy();
    expect(screen.getByText('laser/{{id}}/off')).toBeTruthy();
    expect(await screen.findByText('laser/7/state')).toBeTruthy();
    expect(screen.getByText('Message (JSON)')).toBeTruthy();
    const message = screen.getByText(/"by": "example-user"/);
    expect(message.textContent).toBe(
      JSON.stringify({ on: true, by: 'example-user', machine: 'Laser cutter' }, null, 2),
    );
  });

  it('shows a message that is not JSON as plain text', async () => {
    renderTestPage({}, { ...configuration, inUseMessage: 'ON {{name}}' });
    expect(await screen.findByText('ON Laser cutter')).toBeTruthy();
    expect(screen.getByText('Message (plain text)')).toBeTruthy();
  });

  it('runs the test and shows success in the green alert', async () => {
    const sent = renderTestPage({
      [`POST ${testPath}`]: { status: 200, body: { success: true, message: 'Published to "laser/7/state"' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Run Test' }));

    const alert = await screen.findByRole('status');
    expect(alert.textContent).toContain('Test successful');
    expect(alert.textContent).toContain('Published to "laser/7/state"');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('shows a broker that refused in the danger alert with its reason', async () => {
    renderTestPage({
      [`POST ${testPath}`]: { status: 200, body: { success: false, message: 'connect ECONNREFUSED' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Run Test' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Test failed');
    expect(alert.textContent).toContain('connect ECONNREFUSED');
  });

  it('says so when the test request itself failed', async () => {
    renderTestPage({ [`POST ${testPath}`]: { status: 500, body: apiError(500, 'Internal Server Error') } });
    await userEvent.click(await screen.findByRole('button', { name: 'Run Test' }));

    expect(
      await screen.findByText('An error occurred while testing the configuration. Please try again.'),
    ).toBeTruthy();
  });

  it('leads back to the configurations', async () => {
    renderTestPage({});
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Configurations' }));
    expect(await screen.findByText('Now at /resources/7/iot')).toBeTruthy();
  });
});
