import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PULL_THRESHOLD_PX } from './pull-gesture.ts';
import { usePullGesture } from './use-pull-to-refresh.ts';

afterEach(() => {
  document.body.innerHTML = '';
  window.scrollTo(0, 0);
});

/** A touch event as the browser sends it; only the fields the hook reads. */
function touch(type: string, y: number | undefined, target: EventTarget = document.body) {
  const event = new Event(type, { bubbles: true });
  const touches = y === undefined ? [] : [{ clientX: 100, clientY: y }];
  Object.defineProperty(event, 'touches', { value: touches });
  act(() => {
    target.dispatchEvent(event);
  });
}

function pull(distance: number, target?: EventTarget) {
  touch('touchstart', 100, target);
  for (let y = 100; y <= 100 + distance; y += 10) touch('touchmove', y, target);
  touch('touchmove', 100 + distance, target);
}

describe('usePullGesture', () => {
  it('follows the finger and refreshes once on release beyond the threshold', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => usePullGesture(onRefresh));

    pull(PULL_THRESHOLD_PX + 10);
    expect(result.current.distance).toBe(PULL_THRESHOLD_PX + 10);
    touch('touchend', undefined);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ distance: 0, isRefreshing: true });

    // A second pull while the first refresh runs does not start another one.
    pull(PULL_THRESHOLD_PX + 10);
    touch('touchend', undefined);
    expect(onRefresh).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(result.current.isRefreshing).toBe(false);
  });

  it('does not refresh a short pull', () => {
    const onRefresh = vi.fn(async () => undefined);
    const { result } = renderHook(() => usePullGesture(onRefresh));
    pull(PULL_THRESHOLD_PX - 20);
    touch('touchend', undefined);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(result.current.distance).toBe(0);
  });

  it('leaves pulls inside a dialog or a scrolled box to them', () => {
    const onRefresh = vi.fn(async () => undefined);
    renderHook(() => usePullGesture(onRefresh));
    document.body.innerHTML =
      '<div role="dialog"><p id="in-dialog">x</p></div><div id="box"><p id="in-box">y</p></div>';
    const box = document.getElementById('box');
    if (box) box.scrollTop = 50;

    for (const id of ['in-dialog', 'in-box']) {
      const target = document.getElementById(id) ?? document.body;
      pull(PULL_THRESHOLD_PX + 50, target);
      touch('touchend', undefined, target);
    }
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
