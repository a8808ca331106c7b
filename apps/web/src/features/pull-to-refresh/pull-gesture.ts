/** How far a finger pulls down from the top of the page before letting go refreshes (spec 01 §9). */
export const PULL_THRESHOLD_PX = 90;
/** Finger travel before the direction counts; a tap or a jitter is no pull. */
export const PULL_SLOP_PX = 10;

type Point = { x: number; y: number };

/**
 * One touch, from finger down to finger up. `pending`: at the top of the page, direction not yet
 * known. `pulling`: moving down. `ignored`: this touch scrolls, swipes or zooms, so it is left alone.
 */
export type PullGesture =
  | { phase: 'idle' }
  | { phase: 'pending'; start: Point }
  | { phase: 'pulling'; start: Point; distance: number }
  | { phase: 'ignored' };

export const IDLE: PullGesture = { phase: 'idle' };

/** A touch may start a pull only with one finger on a page scrolled to the very top. */
export function startPull(point: Point, page: { scrollTop: number; touches: number }): PullGesture {
  if (page.touches !== 1 || page.scrollTop > 0) return { phase: 'ignored' };
  return { phase: 'pending', start: point };
}

export function movePull(gesture: PullGesture, point: Point, touches = 1): PullGesture {
  if (gesture.phase === 'idle' || gesture.phase === 'ignored') return gesture;
  if (touches !== 1) return { phase: 'ignored' };
  const dx = point.x - gesture.start.x;
  const dy = point.y - gesture.start.y;
  if (gesture.phase === 'pending') {
    if (Math.abs(dx) < PULL_SLOP_PX && Math.abs(dy) < PULL_SLOP_PX) return gesture;
    // Up or sideways first: the page scrolls or something swipes, and the whole touch is theirs.
    if (dy <= 0 || Math.abs(dx) >= dy) return { phase: 'ignored' };
  }
  return { phase: 'pulling', start: gesture.start, distance: Math.max(0, dy) };
}

/** Letting go: whether the pull went far enough to refresh. */
export function endPull(gesture: PullGesture): boolean {
  return gesture.phase === 'pulling' && gesture.distance >= PULL_THRESHOLD_PX;
}

export function pullDistance(gesture: PullGesture): number {
  return gesture.phase === 'pulling' ? gesture.distance : 0;
}
