const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The zone's offset from UTC in minutes at an instant, read from Intl (the tz database). */
export function offsetMinutesAt(format: Intl.DateTimeFormat, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((local - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/** The format whose parts `offsetMinutesAt` reads: every field of a local time, 24-hour. */
export function zonePartsFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** From `fromMs` on (until the next segment), local time is UTC plus `offsetMinutes`. */
export type OffsetSegment = { fromMs: number; offsetMinutes: number };

/**
 * The zone's offsets over [startMs, endMs]: one segment per offset in force. Intl answers one
 * instant at a time and costs microseconds a call, so the zone is sampled daily and each change
 * is narrowed to the minute by bisection; the summary then shifts thousands of buckets by plain
 * arithmetic. Zones change offset at most a few times a year, never twice in a day.
 */
export function zoneOffsets(timeZone: string, startMs: number, endMs: number): OffsetSegment[] {
  const format = zonePartsFormat(timeZone);
  const at = (ms: number) => offsetMinutesAt(format, ms);
  const segments: OffsetSegment[] = [{ fromMs: startMs, offsetMinutes: at(startMs) }];
  let previousMs = startMs;
  let previous = segments[0]?.offsetMinutes ?? 0;
  for (let ms = startMs + DAY_MS; ; ms += DAY_MS) {
    const sampleMs = Math.min(ms, endMs);
    const offset = at(sampleMs);
    if (offset !== previous) {
      // The change lies in (previousMs, sampleMs] and falls on a whole minute: bisect to it.
      let low = previousMs;
      let high = sampleMs;
      while (high - low > MINUTE_MS) {
        const middle = Math.floor((low + high) / 2);
        if (at(middle) === previous) low = middle;
        else high = middle;
      }
      segments.push({ fromMs: Math.floor(high / MINUTE_MS) * MINUTE_MS, offsetMinutes: offset });
      previous = offset;
    }
    previousMs = sampleMs;
    if (sampleMs >= endMs) return segments;
  }
}

/**
 * Shifts instants in ascending order to local wall-clock time: `local(ms)` is a Date whose UTC
 * fields are the zone's local fields at `ms`.
 */
export function localClock(segments: OffsetSegment[]) {
  let index = 0;
  return (ms: number): Date => {
    // Callers go forward in time; step back only if one does not.
    while (index > 0 && ms < (segments[index]?.fromMs ?? 0)) index -= 1;
    while (index + 1 < segments.length && ms >= (segments[index + 1]?.fromMs ?? Infinity)) index += 1;
    return new Date(ms + (segments[index]?.offsetMinutes ?? 0) * MINUTE_MS);
  };
}
