// Issue 33: the calendar week of a busy resource (1,000 bookings; target p99 < 50 ms) and
// start/end cycles on bookable resources against walk-up ones (target >= 80 %): a bookable
// start pays the start guard and the session observer (decision 23). `node scenarios/bookings.ts`
// runs this scenario alone.
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { DURATION_SECONDS, type Measurement, measure, startServer } from '../harness.ts';

type ServerInfo = {
  port: number;
  token: string;
  busy: number;
  weekFrom: string;
  walkUp: number[];
  bookable: number[];
  dialect: string;
};

export type BookingsResult = {
  dialect: string;
  calendarWeek: Measurement;
  walkUpCycles: Measurement;
  bookableCycles: Measurement;
};

const WEEK_MS = 7 * 86_400_000;

export async function bookingsScenario(): Promise<BookingsResult> {
  const server = await startServer<ServerInfo>(
    fileURLToPath(new URL('../servers/bookings-server.ts', import.meta.url)),
  );
  try {
    const { info } = server;
    const base = `http://127.0.0.1:${info.port}`;
    const auth = { authorization: `Bearer ${info.token}` };
    const to = new Date(Date.parse(info.weekFrom) + WEEK_MS).toISOString();
    const calendarWeek = await measure('GET …/bookings (a calendar week, 1,000 booked)', {
      url: `${base}/api/resources/${info.busy}/bookings?from=${encodeURIComponent(info.weekFrom)}&to=${encodeURIComponent(to)}`,
      headers: auth,
    });
    const json = { ...auth, 'content-type': 'application/json' };
    /** Each connection starts and ends on a resource of its own, as the resources scenario does. */
    const cyclesOn = (ids: number[]) => {
      let next = 0;
      return (client: autocannon.Client) => {
        const resourceId = ids[next % ids.length] ?? 0;
        next += 1;
        client.setRequests([
          { method: 'POST', headers: json, body: '{}', path: `/api/resources/${resourceId}/usage/start` },
          { method: 'PUT', headers: json, body: '{}', path: `/api/resources/${resourceId}/usage/end` },
        ]);
      };
    };
    // Walk-up and bookable rounds alternate, twice each, so a neighbour's load on a shared
    // machine falls on both alike; each side keeps its better round.
    const rounds: Record<'walkUp' | 'bookable', Measurement[]> = { walkUp: [], bookable: [] };
    for (let round = 0; round < 2; round += 1) {
      rounds.walkUp.push(
        await measure('start/end cycle, walk-up (requests)', {
          url: `${base}/api/health`,
          setupClient: cyclesOn(info.walkUp),
        }),
      );
      rounds.bookable.push(
        await measure('start/end cycle, bookable (requests)', {
          url: `${base}/api/health`,
          setupClient: cyclesOn(info.bookable),
        }),
      );
    }
    const best = (measurements: Measurement[]) =>
      measurements.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const walkUpCycles = best(rounds.walkUp);
    const bookableCycles = best(rounds.bookable);
    return { dialect: info.dialect, calendarWeek, walkUpCycles, bookableCycles };
  } finally {
    await server.stop();
  }
}

export function describeBookings(result: BookingsResult): string[] {
  const { calendarWeek, walkUpCycles, bookableCycles } = result;
  const share = bookableCycles.requestsPerSecond / Math.max(1, walkUpCycles.requestsPerSecond);
  return [
    `Targets of issue 33 (${result.dialect}): a calendar week of a resource with 1,000 bookings: ${calendarWeek.requestsPerSecond} req/s, p50 ${calendarWeek.p50Ms} ms, p99 ${calendarWeek.p99Ms} ms (target p99 < 50 ms: ${calendarWeek.p99Ms < 50 ? 'meets' : 'misses'}; ${calendarWeek.non2xx} non-2xx)`,
    `  start/end cycles on bookable resources: ${Math.round(bookableCycles.requestsPerSecond / 2)}/s (p99 ${bookableCycles.p99Ms} ms), ${Math.round(share * 100)} % of the ${Math.round(walkUpCycles.requestsPerSecond / 2)}/s on walk-up ones (target >= 80 %: ${share >= 0.8 ? 'meets' : 'misses'}; non-2xx ${bookableCycles.non2xx}/${walkUpCycles.non2xx}, ${DURATION_SECONDS} s each)`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of describeBookings(await bookingsScenario())) process.stdout.write(`${line}\n`);
}
