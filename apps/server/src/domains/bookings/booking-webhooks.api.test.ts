import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { bookingSetUp, slotAfter, span } from './booking-test-fixtures.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(TEST_DIALECTS)('booking events for webhooks on %s', (dialect) => {
  it('go only to webhooks with sendOnBooking, as the event contract’s JSON', async () => {
    const { t, manager, member, resource, book } = await bookingSetUp(async (clock) => {
      const app = await buildTestApp(dialect, { clock });
      cleanups.push(() => app.close());
      return app;
    });
    const receivers: WebhookReceiver[] = [];
    for (const sendOnBooking of [true, false]) {
      const receiver = await startWebhookReceiver();
      cleanups.push(() => receiver.close());
      receivers.push(receiver);
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/resources/${resource.id}/webhooks`,
        headers: manager.auth,
        payload: { name: `Relay ${sendOnBooking}`, url: receiver.url, sendOnBooking },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().sendOnBooking).toBe(sendOnBooking);
    }
    const start = slotAfter(t.services.clock.now(), 60);
    const booking = (await book(member, span(start, 60))).json<{ id: number }>();
    const [request] = await (receivers[0] as WebhookReceiver).waitFor(1);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      type: 'booking.created',
      data: {
        bookingId: booking.id,
        resourceId: resource.id,
        resourceName: resource.name,
        user: { id: member.id, username: member.username },
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
        kind: 'booking',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receivers[1]?.requests).toHaveLength(0);
  });
});
