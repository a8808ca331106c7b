import { randomBytes } from 'node:crypto';
import { type DisplayTone, READER_DISPLAY_TEXTS, ReaderDisplayTexts } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderSimulator, SimulatedCard } from '../../cli/reader-simulator/reader-simulator.ts';
import { VirtualNtag424Card } from '../../cli/reader-simulator/virtual-ntag424-card.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures, until } from '../../test/reader-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

const TIMINGS = { apduTimeoutMs: 1_000, selectTimeoutMs: 800, cardWaitTimeoutMs: 1_500 };
const DAY_MS = 24 * 60 * 60 * 1000;

describe('reader refusal texts', () => {
  it('exist in English and German', () => {
    expect(READER_DISPLAY_TEXTS.en.outOfOrder).toBe('Out of order');
    expect(READER_DISPLAY_TEXTS.de.outOfOrder).toBe('Außer Betrieb');
    expect(READER_DISPLAY_TEXTS.en.introductionLapsed).toBe('Introduction lapsed');
    expect(READER_DISPLAY_TEXTS.de.introductionLapsed).toBe('Einweisung abgelaufen');
    expect(READER_DISPLAY_TEXTS.en.heldFor).toBe('Held for');
    expect(READER_DISPLAY_TEXTS.de.heldFor).toBe('Reserviert für');
  });
});

describe.each(TEST_DIALECTS)('taps refused by the safety rules on %s', (dialect) => {
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;
  let fixtures: ReturnType<typeof resourceFixtures>;
  let admin: Actor;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: READER_TEST_RATE_LIMITS, readerTimings: TIMINGS });
    readers = await readerFixtures(t);
    fixtures = resourceFixtures(t);
    admin = await t.given.administrator();
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  /** A member introduced to a new resource (with the given form fields), its reader and an enrolled card. */
  async function memberWithCard(fields: Record<string, string> = {}) {
    const member = await t.given.member();
    const body = await multipart({ name: `Laser ${Math.random().toString(36).slice(2, 6)}`, ...fields });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...admin.auth, ...body.headers },
      payload: body.payload,
    });
    const resource = created.json<{ id: number }>();
    await fixtures.introduce(admin, resource.id, member.id);
    const connected = await readers.connectedReader(
      admin,
      `Reader ${Math.random().toString(36).slice(2, 6)}`,
    );
    await t.app.inject({
      method: 'PATCH',
      url: `/api/fabreader/readers/${connected.reader.id}`,
      headers: admin.auth,
      payload: { connectedResources: [resource.id] },
    });
    const shown: { text: string; tone: DisplayTone }[] = [];
    connected.simulator.on('display', (display) => shown.push(display));
    const uid = `04${randomBytes(6).toString('hex')}`;
    const card = VirtualNtag424Card.factory(Buffer.from(uid, 'hex'));
    const enrolling = t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/enroll-nfc-card',
      headers: member.auth,
      payload: { readerId: connected.reader.id },
    });
    await until(() => shown.some((display) => display.text === ReaderDisplayTexts.tapToEnroll));
    connected.simulator.tap(uid, card);
    expect((await enrolling).statusCode).toBe(201);
    await until(() => shown.some((display) => display.text === ReaderDisplayTexts.cardEnrolled));
    return { member, resource, simulator: connected.simulator, shown, uid, card };
  }

  /** One tap; the single success or error display it ends with. */
  async function tap(
    reader: { simulator: ReaderSimulator; shown: { text: string; tone: DisplayTone }[] },
    uid: string,
    card: SimulatedCard,
  ) {
    const from = reader.shown.length;
    reader.simulator.tap(uid, card);
    const outcomes = () => reader.shown.slice(from).filter((display) => display.tone !== 'info');
    await until(() => outcomes().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outcomes()).toHaveLength(1);
    return outcomes()[0];
  }

  const active = async (actor: Actor, resourceId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/resources/${resourceId}/usage/active`,
        headers: actor.auth,
      })
    ).json().usage;

  it('shows "Out of order" and the reason on a machine out of order, and starts nothing', async () => {
    const setup = await memberWithCard();
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${setup.resource.id}/out-of-order`,
      headers: admin.auth,
      payload: { reason: 'Mirror cracked' },
    });
    expect(marked.statusCode).toBe(200);
    expect(await tap(setup, setup.uid, setup.card)).toEqual({
      text: `${ReaderDisplayTexts.outOfOrder}: Mirror cracked`,
      tone: 'error',
    });
    expect(await active(setup.member, setup.resource.id)).toBeNull();
  });

  it('shows whom a machine of a wait list is held for, and starts nothing', async () => {
    const setup = await memberWithCard({ bookingMode: 'wait-list' });
    const runner = await t.given.member();
    const waiting = await t.given.member();
    for (const other of [runner, waiting]) await fixtures.introduce(admin, setup.resource.id, other.id);
    expect((await fixtures.start(runner, setup.resource.id)).statusCode).toBe(201);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${setup.resource.id}/wait-list`,
      headers: waiting.auth,
    });
    expect(joined.statusCode).toBe(201);
    // The session ends: the machine is held for the first in line.
    expect((await fixtures.end(runner, setup.resource.id)).statusCode).toBe(200);
    expect(await tap(setup, setup.uid, setup.card)).toEqual({
      text: `${ReaderDisplayTexts.heldFor}: ${waiting.username}`,
      tone: 'error',
    });
    expect(await active(setup.member, setup.resource.id)).toBeNull();
  });

  it('shows that the introduction lapsed, and starts nothing', async () => {
    const setup = await memberWithCard({ introductionValidForDays: '30' });
    // The grant was given 31 days ago.
    await t.database.db
      .updateTable('introductions')
      .set({ created_at: new Date(Date.now() - 31 * DAY_MS) })
      .where('resource_id', '=', setup.resource.id)
      .execute();
    expect(await tap(setup, setup.uid, setup.card)).toEqual({
      text: ReaderDisplayTexts.introductionLapsed,
      tone: 'error',
    });
    expect(await active(setup.member, setup.resource.id)).toBeNull();
  });
});
