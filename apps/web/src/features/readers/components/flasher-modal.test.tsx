import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { FlasherModal } from './flasher-modal.tsx';

const firmware = {
  environment: 'reader-c3',
  friendly_name: 'FABReader ESP32-C3',
  version: '1.4.0',
  board_family: 'ESP32-C3',
  manifest_path: '/_fabreader_assets/reader-c3.json',
};

/** A browser whose port picker answers with `requestPort`. */
function withSerial(requestPort: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'serial', { value: { requestPort }, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serial');
});

function renderFlasher(support: 'supported' | 'requires-https' | 'unsupported', firmwares: unknown[] = []) {
  const sent = fakeApi({ 'GET /_fabreader_assets/index.json': { status: 200, body: { firmwares } } });
  renderRoute(<FlasherModal isOpen onClose={() => {}} support={support} />, {
    path: '/fabreader',
    pattern: '/fabreader',
  });
  return sent;
}

describe('FlasherModal', () => {
  it('says flashing is not possible in a browser without Web Serial, and asks for nothing', async () => {
    const sent = renderFlasher('unsupported');
    expect(await screen.findByText('Flashing not possible')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('asks for HTTPS on a plain http address', async () => {
    renderFlasher('requires-https');
    expect(await screen.findByText('Flasher requires HTTPS')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose port and flash' })).toBeNull();
  });

  it('explains an empty firmware list', async () => {
    renderFlasher('supported');
    expect(await screen.findByText('No firmware on this server')).toBeTruthy();
    expect(screen.getByText(/fabreader-firmware/)).toBeTruthy();
  });

  it('opens the no-port dialog when the port picker is closed without a choice', async () => {
    withSerial(() => Promise.reject(new DOMException('No port selected by the user.', 'NotFoundError')));
    renderFlasher('supported', [firmware]);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose port and flash' }));
    expect(await screen.findByRole('alertdialog', { name: 'No port chosen' })).toBeTruthy();
    expect(screen.queryByText('Flashing failed')).toBeNull();
  });

  it('shows any other port failure as an alert', async () => {
    withSerial(() => Promise.reject(new DOMException('Failed to open serial port.', 'NetworkError')));
    renderFlasher('supported', [firmware]);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose port and flash' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Flashing failed');
    expect(alert.textContent).toContain('Failed to open serial port.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
