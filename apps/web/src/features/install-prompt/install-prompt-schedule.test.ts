import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_POLL_INTERVAL_MS,
  FALLBACK_POLL_LIMIT_MS,
  type InstallSituation,
  SHOW_DELAY_MS,
  scheduleInstallDialog,
} from './install-prompt-schedule.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function situation(overrides: Partial<InstallSituation> = {}): InstallSituation {
  return {
    platform: 'android',
    isInstalled: false,
    isHidden: false,
    hasPromptEvent: () => false,
    ...overrides,
  };
}

describe('scheduleInstallDialog', () => {
  it('opens the Apple dialog one second after detection', () => {
    const show = vi.fn();
    scheduleInstallDialog(situation({ platform: 'apple' }), show);
    vi.advanceTimersByTime(SHOW_DELAY_MS - 1);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith('apple');
  });

  it('opens the Chrome dialog at once when the install prompt event is already there', () => {
    const show = vi.fn();
    scheduleInstallDialog(situation({ hasPromptEvent: () => true }), show);
    expect(show).toHaveBeenCalledExactlyOnceWith('chrome');
  });

  it('opens the Android fallback one second after detection without an install prompt event', () => {
    const show = vi.fn();
    scheduleInstallDialog(situation(), show);
    vi.advanceTimersByTime(SHOW_DELAY_MS);
    expect(show).toHaveBeenCalledExactlyOnceWith('android');
  });

  it('switches the fallback to the Chrome dialog when the event comes late', () => {
    const show = vi.fn();
    let hasEvent = false;
    scheduleInstallDialog(situation({ hasPromptEvent: () => hasEvent }), show);
    vi.advanceTimersByTime(5000);
    hasEvent = true;
    vi.advanceTimersByTime(FALLBACK_POLL_INTERVAL_MS);
    expect(show.mock.calls).toEqual([['android'], ['chrome']]);
    vi.advanceTimersByTime(FALLBACK_POLL_LIMIT_MS);
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('stops looking for the event after 30 seconds', () => {
    const show = vi.fn();
    const hasPromptEvent = vi.fn(() => false);
    scheduleInstallDialog(situation({ hasPromptEvent }), show);
    vi.advanceTimersByTime(FALLBACK_POLL_LIMIT_MS);
    const looks = hasPromptEvent.mock.calls.length;
    expect(looks).toBeGreaterThanOrEqual(FALLBACK_POLL_LIMIT_MS / FALLBACK_POLL_INTERVAL_MS - 1);
    vi.advanceTimersByTime(60_000);
    expect(hasPromptEvent.mock.calls.length).toBe(looks);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops everything when asked, for example when the dialog is closed', () => {
    const show = vi.fn();
    const stop = scheduleInstallDialog(situation(), show);
    stop();
    vi.advanceTimersByTime(FALLBACK_POLL_LIMIT_MS);
    expect(show).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each<[string, Partial<InstallSituation>]>([
    ['already installed', { isInstalled: true }],
    ['hidden for good', { isHidden: true }],
    ['on a desktop browser', { platform: 'other', hasPromptEvent: () => true }],
  ])('shows nothing when %s', (_case, overrides) => {
    const show = vi.fn();
    scheduleInstallDialog(situation(overrides), show);
    scheduleInstallDialog(situation({ platform: 'apple', ...overrides }), show);
    vi.advanceTimersByTime(FALLBACK_POLL_LIMIT_MS);
    expect(show).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
