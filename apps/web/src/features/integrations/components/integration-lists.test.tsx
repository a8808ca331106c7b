import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { AllMqttConfigurationsCard, AllWebhooksCard } from './integration-lists.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderLists = () =>
  renderRoute(
    <>
      <AllWebhooksCard />
      <AllMqttConfigurationsCard />
    </>,
    { path: '/integrations', pattern: '/integrations' },
  );

describe('the lists of all integrations', () => {
  it('says in words that there are none yet and where to add one', async () => {
    fakeApi({
      'GET /api/webhooks': { status: 200, body: [] },
      'GET /api/mqtt/configurations': { status: 200, body: [] },
    });
    renderLists();
    expect(await screen.findByText("No webhooks yet. Add one in a resource's IoT settings.")).toBeTruthy();
    expect(
      await screen.findByText("No MQTT configurations yet. Add one in a resource's IoT settings."),
    ).toBeTruthy();
  });

  it('lists each with its resource, linking to the resource’s IoT settings', async () => {
    fakeApi({
      'GET /api/webhooks': {
        status: 200,
        body: [
          {
            id: 1,
            resource: { id: 7, name: 'Laser cutter' },
            name: 'Door display',
            url: 'https://hooks.example.org/door',
            method: 'PUT',
            active: false,
          },
        ],
      },
      'GET /api/mqtt/configurations': {
        status: 200,
        body: [
          {
            id: 2,
            resource: { id: 8, name: 'Kiln' },
            name: 'Relay',
            server: { id: 3, name: 'Hall broker' },
            inUseTopic: 'lab/kiln',
          },
        ],
      },
    });
    renderLists();
    const webhooks = await screen.findByRole('grid', { name: 'Webhooks' });
    expect(within(webhooks).getByText('PUT https://hooks.example.org/door')).toBeTruthy();
    expect(within(webhooks).getByText('Inactive')).toBeTruthy();
    const mqtt = await screen.findByRole('grid', { name: 'MQTT configurations' });
    expect(within(mqtt).getByText('Hall broker · lab/kiln')).toBeTruthy();
    await userEvent.click(within(mqtt).getByRole('link', { name: /Kiln/ }));
    expect(await screen.findByText('Now at /resources/8/iot')).toBeTruthy();
  });

  it('says when a list could not be loaded, with a retry', async () => {
    fakeApi({
      'GET /api/webhooks': { status: 500, body: apiError(500, 'Internal Server Error') },
      'GET /api/mqtt/configurations': { status: 200, body: [] },
    });
    renderLists();
    expect(await screen.findByText('Error loading the webhooks')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
