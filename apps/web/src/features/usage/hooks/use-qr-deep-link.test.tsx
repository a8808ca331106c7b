import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useQrDeepLink } from './use-qr-deep-link.ts';
import type { UsageCommands } from './use-usage-commands.ts';

function fakeCommands(): UsageCommands {
  return { isPending: false, start: vi.fn(), takeOver: vi.fn(), end: vi.fn() };
}

function ResourcePage({ commands }: { commands: UsageCommands }) {
  useQrDeepLink(3, commands);
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderAt(address: string, commands: UsageCommands) {
  // StrictMode runs every effect twice, as development builds do.
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[address]}>
        <ResourcePage commands={commands} />
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('useQrDeepLink', () => {
  it('starts once, marked "by QR-Code", and drops the action from the address', async () => {
    const commands = fakeCommands();
    renderAt('/resources/3?action=start', commands);
    expect(await screen.findByText('At /resources/3')).toBeTruthy();
    expect(commands.start).toHaveBeenCalledTimes(1);
    expect(commands.start).toHaveBeenCalledWith('by QR-Code', false);
  });

  it('starts with takeover once for startAndTakeover', async () => {
    const commands = fakeCommands();
    renderAt('/resources/3?action=startAndTakeover', commands);
    expect(await screen.findByText('At /resources/3')).toBeTruthy();
    expect(commands.start).toHaveBeenCalledTimes(1);
    expect(commands.start).toHaveBeenCalledWith('by QR-Code', true);
  });

  it('ends once for stop', async () => {
    const commands = fakeCommands();
    renderAt('/resources/3?action=stop', commands);
    expect(await screen.findByText('At /resources/3')).toBeTruthy();
    expect(commands.end).toHaveBeenCalledTimes(1);
    expect(commands.end).toHaveBeenCalledWith('by QR-Code');
  });

  it('leaves view and addresses without an action alone', () => {
    const commands = fakeCommands();
    renderAt('/resources/3?action=view', commands);
    expect(screen.getByText('At /resources/3?action=view')).toBeTruthy();
    expect(commands.start).not.toHaveBeenCalled();
    expect(commands.end).not.toHaveBeenCalled();
  });
});
