import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Plugin, PluginMessages } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../test/fake-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import PluginsPage from './plugins-page.tsx';

const plugin = (fields: Partial<Plugin>): Plugin => ({
  id: 1,
  name: 'session-counter',
  version: '1.0.0',
  description: 'Counts sessions',
  state: 'loaded',
  error: null,
  frontendEntry: '/api/plugins/session-counter/frontend/module-federation/index.js',
  installedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

afterEach(() => vi.unstubAllGlobals());

const renderPage = () => renderRoute(<PluginsPage />, { path: '/plugins', pattern: '/plugins' });

describe('plugins page', () => {
  it('lists each plugin with its state, and why a failed one failed', async () => {
    fakeApi({
      'GET /api/plugins': {
        status: 200,
        body: [plugin({}), plugin({ id: 2, name: 'door', state: 'failed', error: 'backend/index.js: boom' })],
      },
    });
    renderPage();
    const table = await screen.findByRole('grid', { name: 'Installed plugins' });
    expect(within(table).getByRole('row', { name: /session-counter/ }).textContent).toContain('Loaded');
    const failed = within(table).getByRole('row', { name: /door/ });
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('backend/index.js: boom');
    expect(within(failed).getByRole('button', { name: 'Remove plugin door' })).toBeTruthy();
  });

  it('says so when no plugin is installed', async () => {
    fakeApi({ 'GET /api/plugins': { status: 200, body: [] } });
    renderPage();
    expect(await screen.findByText('No plugins installed')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/plugins': { status: 500, body: apiError(500, 'Internal Server Error') } });
    renderPage();
    expect(await screen.findByText('Plugins could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('refuses a file that is not a .zip without sending it', async () => {
    const sent = fakeApi({ 'GET /api/plugins': { status: 200, body: [] } });
    renderPage();
    const input = screen.getByLabelText('Plugin package (.zip)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Upload plugin' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid .zip file');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's reason when an upload is refused", async () => {
    fakeApi({
      'GET /api/plugins': { status: 200, body: [] },
      'POST /api/plugins': { status: 400, body: apiError(400, PluginMessages.noManifest) },
    });
    renderPage();
    const input = screen.getByLabelText('Plugin package (.zip)');
    fireEvent.change(input, {
      target: { files: [new File(['PK'], 'plugin.zip', { type: 'application/zip' })] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload plugin' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Failed to upload plugin. Please check the file format and try again.',
    );
    expect(alert.textContent).toContain('The package has no manifest.json at its root.');
  });
});
