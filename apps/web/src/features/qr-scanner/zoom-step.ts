import { ZOOM_STEPS_PER_RANGE } from './camera-settings.ts';

export type ZoomRange = { min: number; max: number };

/** The zoom after one press in `direction`: a third of the range, kept inside the range. */
export function nextZoom(current: number, range: ZoomRange, direction: 1 | -1): number {
  const step = (range.max - range.min) / ZOOM_STEPS_PER_RANGE;
  return Math.min(range.max, Math.max(range.min, current + direction * step));
}
