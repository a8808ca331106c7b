import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { endPull, IDLE, movePull, type PullGesture, pullDistance, startPull } from './pull-gesture.ts';

/**
 * A touch inside a dialog, or inside a box that has scrolled, belongs to that box: only a pull on the
 * page itself refreshes.
 */
function belongsToInnerScroller(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[role="dialog"], [aria-modal="true"]')) return true;
  for (
    let element: Element | null = target;
    element && element !== document.body;
    element = element.parentElement
  ) {
    if (element.scrollTop > 0) return true;
  }
  return false;
}

/**
 * Follows pulls on the whole page (spec 01 §2, §9) and calls `onRefresh` when one goes far enough.
 * The listeners are passive and never cancel anything, so scrolling stays the browser's own.
 */
export function usePullGesture(onRefresh: () => Promise<unknown>) {
  const [distance, setDistance] = useState(0);
  const [isRefreshing, setRefreshing] = useState(false);
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;

  useEffect(() => {
    let gesture: PullGesture = IDLE;
    let refreshing = false;
    const follow = (next: PullGesture) => {
      gesture = next;
      setDistance(pullDistance(next));
    };
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || refreshing || belongsToInnerScroller(event.target)) {
        follow({ phase: 'ignored' });
        return;
      }
      const scrollTop = document.scrollingElement?.scrollTop ?? window.scrollY;
      follow(startPull({ x: touch.clientX, y: touch.clientY }, { scrollTop, touches: event.touches.length }));
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) follow(movePull(gesture, { x: touch.clientX, y: touch.clientY }, event.touches.length));
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length > 0) return;
      const shouldRefresh = endPull(gesture);
      follow(IDLE);
      if (!shouldRefresh) return;
      refreshing = true;
      setRefreshing(true);
      onRefreshRef
        .current()
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
          setRefreshing(false);
        });
    };
    const onCancel = () => follow(IDLE);

    const options = { passive: true };
    window.addEventListener('touchstart', onStart, options);
    window.addEventListener('touchmove', onMove, options);
    window.addEventListener('touchend', onEnd, options);
    window.addEventListener('touchcancel', onCancel, options);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onCancel);
    };
  }, []);

  return { distance, isRefreshing };
}

/** Pull to refresh: every cached server answer is marked stale and the ones on screen load again. */
export function usePullToRefresh() {
  const queryClient = useQueryClient();
  return usePullGesture(() => queryClient.invalidateQueries());
}
