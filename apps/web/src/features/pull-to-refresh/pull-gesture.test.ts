import { describe, expect, it } from 'vitest';
import {
  endPull,
  IDLE,
  movePull,
  PULL_THRESHOLD_PX,
  type PullGesture,
  pullDistance,
  startPull,
} from './pull-gesture.ts';

const atTop = { scrollTop: 0, touches: 1 };

/** A finger that goes down at (100, 100) and then through `path`. */
function drag(path: Array<[number, number]>, page = atTop): PullGesture {
  let gesture = startPull({ x: 100, y: 100 }, page);
  for (const [x, y] of path) gesture = movePull(gesture, { x, y });
  return gesture;
}

describe('pull gesture', () => {
  it('refreshes when the finger travels at least 90 px down from the top of the page', () => {
    const gesture = drag([
      [100, 120],
      [101, 150],
      [102, 100 + PULL_THRESHOLD_PX],
    ]);
    expect(pullDistance(gesture)).toBe(PULL_THRESHOLD_PX);
    expect(endPull(gesture)).toBe(true);
  });

  it('does not refresh a shorter pull', () => {
    const gesture = drag([
      [100, 130],
      [100, 100 + PULL_THRESHOLD_PX - 1],
    ]);
    expect(gesture.phase).toBe('pulling');
    expect(endPull(gesture)).toBe(false);
  });

  it('does not refresh when the finger comes back up before letting go', () => {
    const gesture = drag([
      [100, 220],
      [100, 150],
    ]);
    expect(pullDistance(gesture)).toBe(50);
    expect(endPull(gesture)).toBe(false);
  });

  it('never starts on a page that is scrolled down', () => {
    const gesture = drag([[100, 300]], { scrollTop: 1, touches: 1 });
    expect(gesture.phase).toBe('ignored');
    expect(endPull(gesture)).toBe(false);
  });

  it('leaves a touch that first moves up to normal scrolling, even if it turns down later', () => {
    const gesture = drag([
      [100, 80],
      [100, 300],
    ]);
    expect(gesture.phase).toBe('ignored');
    expect(endPull(gesture)).toBe(false);
  });

  it('leaves sideways swipes alone', () => {
    expect(
      drag([
        [160, 120],
        [160, 300],
      ]).phase,
    ).toBe('ignored');
  });

  it('waits for a clear direction: a small jitter is neither a pull nor a scroll', () => {
    const gesture = drag([[104, 106]]);
    expect(gesture.phase).toBe('pending');
    expect(pullDistance(gesture)).toBe(0);
    expect(endPull(gesture)).toBe(false);
  });

  it('gives up when a second finger joins (pinch zoom)', () => {
    expect(startPull({ x: 0, y: 0 }, { scrollTop: 0, touches: 2 }).phase).toBe('ignored');
    expect(movePull(drag([[100, 150]]), { x: 100, y: 200 }, 2).phase).toBe('ignored');
  });

  it('does nothing without a touch', () => {
    expect(movePull(IDLE, { x: 0, y: 500 })).toBe(IDLE);
    expect(endPull(IDLE)).toBe(false);
  });
});
