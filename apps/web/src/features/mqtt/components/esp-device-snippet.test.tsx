import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EspDeviceSnippet } from './esp-device-snippet.tsx';

afterEach(() => vi.restoreAllMocks());

describe('EspDeviceSnippet', () => {
  it('subscribes the sketch to the resource’s default topic and copies it whole', async () => {
    const user = userEvent.setup();
    // user-event installs its own clipboard on setup; the sketch goes through the browser's API.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(<EspDeviceSnippet resourceId={42} />);
    const sketch = screen.getByRole('region', { name: 'Arduino sketch' });
    expect(sketch.textContent).toContain('const char* MQTT_TOPIC = "resources/42/status";');
    expect(sketch.textContent).toContain('mqtt.subscribe(MQTT_TOPIC, 1);');
    expect(screen.getByText(/default topic resources\/42\/status/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(sketch.textContent);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});
