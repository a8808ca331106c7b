import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type DisplayTone,
  Messages,
  type NfcCard,
  ReaderDisplayTexts,
  ReaderMessages,
  readerSessionNotes,
} from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderSimulator, SimulatedCard } from '../../cli/reader-simulator/reader-simulator.ts';
import { VirtualNtag424Card } from '../../cli/reader-simulator/virtual-ntag424-card.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures, until } from '../../test/reader-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

const TIMINGS = { apduTimeoutMs: 1_000, selectTimeoutMs: 800, cardWaitTimeoutMs: 1_500 };

const newUid = () => `04${randomBytes(6).toString('hex')}`;

/** What the reader showed, in order. */
function screen(simulator: ReaderSimulator) {
  const shown: { text: string; tone: DisplayTone }[] = [];
  simulator.on('display', (display) => shown.push(display));
  return {
    shown,
    /** Waits for the next display of this text after `from` and returns its position. */
    async waitFor(text: string, from = 0): Promise<number> {
      await until(() => shown.slice(from).some((display) => display.text === text));
      return from + shown.slice(from).findIndex((display) => display.text === text);
    },
    /** The success or error displays from `from` on. */
    outcomes: (from = 0) => shown.slice(from).filter((display) => display.tone !== 'info'),
  };
}

describe.each(TEST_DIALECTS)('NFC taps, enrolment and reset on %s', (dialect) => {
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

  /** A connected reader serving the given resources, with its screen. */
  async function readerFor(
    resourceIds: number[],
    options: Parameters<typeof readers.connectedReader>[2] = {},
  ) {
    const connected = await readers.connectedReader(
      admin,
      `Reader ${Math.random().toString(36).slice(2, 6)}`,
      options,
    );
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/fabreader/readers/${connected.reader.id}`,
      headers: admin.auth,
      payload: { connectedResources: resourceIds },
    });
    expect(patched.statusCode).toBe(200);
    return { ...connected, screen: screen(connected.simulator) };
  }

  /** Starts the enrol call, taps the card once the reader asks for it, and returns the answer. */
  async function enroll(
    actor: Actor,
    reader: Awaited<ReturnType<typeof readerFor>>,
    uid: string,
    card: SimulatedCard,
  ) {
    const from = reader.screen.shown.length;
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/enroll-nfc-card',
      headers: actor.auth,
      payload: { readerId: reader.reader.id },
    });
    await reader.screen.waitFor(ReaderDisplayTexts.tapToEnroll, from);
    reader.simulator.tap(uid, card);
    const response = await answer;
    // The display travels over the socket and may come after the HTTP answer.
    await until(() => reader.screen.outcomes(from).length > 0);
    return response;
  }

  /** One tap; the single success or error display it ends with. */
  async function tap(reader: Awaited<ReturnType<typeof readerFor>>, uid: string, card: SimulatedCard) {
    const from = reader.screen.shown.length;
    reader.simulator.tap(uid, card);
    await until(() => reader.screen.outcomes(from).length > 0);
    // Nothing more follows: exactly one outcome per tap.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcomes = reader.screen.outcomes(from);
    expect(outcomes).toHaveLength(1);
    expect(reader.screen.shown[from]).toEqual({ text: ReaderDisplayTexts.readingCard, tone: 'info' });
    return outcomes[0]?.text;
  }

  const activeSession = async (actor: Actor, resourceId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/resources/${resourceId}/usage/active`,
        headers: actor.auth,
      })
    ).json().usage;

  const cardsOf = async (actor: Actor): Promise<NfcCard[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/fabreader/cards', headers: actor.auth })).json();

  /** A member introduced to a new resource, a reader serving it and an enrolled card. */
  async function memberWithCard() {
    const member = await t.given.member();
    const resource = await fixtures.resource(admin);
    await fixtures.introduce(admin, resource.id, member.id);
    const reader = await readerFor([resource.id]);
    const uid = newUid();
    const card = VirtualNtag424Card.factory(Buffer.from(uid, 'hex'));
    const enrolled = await enroll(member, reader, uid, card);
    expect(enrolled.statusCode).toBe(201);
    return { member, resource, reader, uid, card, enrolled: enrolled.json<NfcCard>() };
  }

  it('enrols a card, then a tap starts a session and the next tap ends it, with the reader notes', async () => {
    const { member, resource, reader, uid, card, enrolled } = await memberWithCard();
    expect(enrolled).toMatchObject({ uid, userId: member.id });
    expect(reader.screen.outcomes().at(-1)).toEqual({
      text: ReaderDisplayTexts.cardEnrolled,
      tone: 'success',
    });
    expect(card.keyVersion(0)).toBe(1);
    expect(card.keyVersion(1)).toBe(1);
    expect((await cardsOf(member)).map((listed) => listed.id)).toEqual([enrolled.id]);

    const notes = readerSessionNotes(reader.reader.name, enrolled.id);
    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionStarted);
    const session = await activeSession(member, resource.id);
    expect(session).toMatchObject({ userId: member.id, startNotes: notes });

    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionEnded);
    expect(await activeSession(member, resource.id)).toBeNull();
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/usage/history`,
      headers: member.auth,
    });
    expect(JSON.stringify(history.json())).toContain(notes);
  });

  it('refuses a clone that copies the UID but not the key, and a replayed exchange', async () => {
    const { member, resource, reader, uid, card } = await memberWithCard();
    const clone = VirtualNtag424Card.factory(Buffer.from(uid, 'hex'));
    expect(await tap(reader, uid, clone)).toBe(ReaderDisplayTexts.cardNotRecognised);
    expect(await activeSession(member, resource.id)).toBeNull();

    // Record a genuine tap's answers, then play them back to the server's next tap.
    const recorded: Buffer[] = [];
    const record = ({ response }: { response: Buffer | undefined }) => {
      if (response) recorded.push(response);
    };
    reader.simulator.on('apdu', record);
    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionStarted);
    reader.simulator.off('apdu', record);
    expect(recorded.length).toBeGreaterThan(2);
    let step = 0;
    const replay: SimulatedCard = { process: () => recorded[step++] ?? Buffer.from('6a82', 'hex') };
    expect(await tap(reader, uid, replay)).toBe(ReaderDisplayTexts.cardNotRecognised);
    // The session the genuine tap started is still running: the replay changed nothing.
    expect(await activeSession(member, resource.id)).toMatchObject({ userId: member.id });

    expect(await tap(reader, newUid(), VirtualNtag424Card.factory(randomBytes(7)))).toBe(
      ReaderDisplayTexts.cardNotRecognised,
    );
  });

  it('says "No introduction" to a member without one, and "In use" when another member uses the resource', async () => {
    const { member, resource, reader, uid, card } = await memberWithCard();
    const other = await t.given.member();
    await fixtures.introduce(admin, resource.id, other.id);
    expect((await fixtures.start(other, resource.id)).statusCode).toBe(201);
    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.inUse);
    expect(await activeSession(member, resource.id)).toMatchObject({ userId: other.id });

    const stranger = await t.given.member();
    const strangerUid = newUid();
    const strangerCard = VirtualNtag424Card.factory(Buffer.from(strangerUid, 'hex'));
    const otherResource = await fixtures.resource(admin);
    const otherReader = await readerFor([otherResource.id]);
    expect((await enroll(stranger, otherReader, strangerUid, strangerCard)).statusCode).toBe(201);
    expect(await tap(otherReader, strangerUid, strangerCard)).toBe(ReaderDisplayTexts.noIntroduction);
    expect(await activeSession(stranger, otherResource.id)).toBeNull();
  });

  it("lets a resource manager's tap end another member's session, and forgets a deleted member's card", async () => {
    const { member, resource, reader, uid, card } = await memberWithCard();
    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionStarted);
    const manager = await t.given.user({ canManageResources: true });
    const managerUid = newUid();
    const managerCard = VirtualNtag424Card.factory(Buffer.from(managerUid, 'hex'));
    expect((await enroll(manager, reader, managerUid, managerCard)).statusCode).toBe(201);
    expect(await tap(reader, managerUid, managerCard)).toBe(ReaderDisplayTexts.sessionEnded);
    expect(await activeSession(member, resource.id)).toBeNull();

    // No call deletes a member yet; the row goes as a deletion would take it, with its cards.
    await t.database.db.deleteFrom('users').where('id', '=', manager.id).execute();
    expect(await tap(reader, managerUid, managerCard)).toBe(ReaderDisplayTexts.cardNotRecognised);
    expect(await activeSession(member, resource.id)).toBeNull();
  });

  it('asks which resource with several, and says so without an answer or without any resource', async () => {
    const member = await t.given.member();
    const first = await fixtures.resource(admin);
    const second = await fixtures.resource(admin);
    await fixtures.introduce(admin, first.id, member.id);
    await fixtures.introduce(admin, second.id, member.id);
    let pick: number | undefined = second.id;
    const reader = await readerFor([first.id, second.id], { chooseResource: () => pick });
    const offered: { id: number; name: string }[][] = [];
    reader.simulator.on('select', (resources) => offered.push(resources));
    const uid = newUid();
    const card = VirtualNtag424Card.factory(Buffer.from(uid, 'hex'));
    expect((await enroll(member, reader, uid, card)).statusCode).toBe(201);

    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionStarted);
    expect(offered[0]).toEqual([
      { id: first.id, name: first.name },
      { id: second.id, name: second.name },
    ]);
    expect(await activeSession(member, second.id)).toMatchObject({ userId: member.id });
    expect(await activeSession(member, first.id)).toBeNull();
    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionEnded);

    pick = undefined;
    const from = reader.screen.shown.length;
    reader.simulator.tap(uid, card);
    await reader.screen.waitFor(ReaderDisplayTexts.noResourceChosen, from);
    expect(reader.screen.outcomes(from)).toEqual([]);
    expect(await activeSession(member, second.id)).toBeNull();

    await t.app.inject({
      method: 'PATCH',
      url: `/api/fabreader/readers/${reader.reader.id}`,
      headers: admin.auth,
      payload: { connectedResources: [] },
    });
    expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.noResourceConnected);
  });

  it("shows a tap's session on the resource's event stream", async () => {
    const { member, resource, reader, uid, card } = await memberWithCard();
    const address = t.app.server.address() as AddressInfo;
    const stream = await openEventStream(
      `http://127.0.0.1:${address.port}/api/resources/${resource.id}/events`,
      member.token,
    );
    try {
      expect(stream.response.status).toBe(200);
      expect(await tap(reader, uid, card)).toBe(ReaderDisplayTexts.sessionStarted);
      for (;;) {
        const frame = await stream.next(2_000);
        if (frame.event !== 'usage.started') continue;
        expect(JSON.parse(frame.data)).toMatchObject({ data: { resourceId: resource.id } });
        break;
      }
    } finally {
      stream.close();
    }
  });

  it('refuses a second enrolment of a card (409, no key written) and answers 408 without a tap', async () => {
    const { reader, uid, card } = await memberWithCard();
    const before = JSON.stringify(card.toJSON());
    const other = await t.given.member();
    const again = await enroll(other, reader, uid, card);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ReaderMessages.cardAlreadyEnrolled);
    expect(reader.screen.outcomes().at(-1)).toEqual({
      text: ReaderDisplayTexts.cardAlreadyEnrolled,
      tone: 'error',
    });
    expect(JSON.stringify(card.toJSON())).toBe(before);
    expect(await cardsOf(other)).toEqual([]);

    const started = Date.now();
    const from = reader.screen.shown.length;
    const late = t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/enroll-nfc-card',
      headers: other.auth,
      payload: { readerId: reader.reader.id },
    });
    await reader.screen.waitFor(ReaderDisplayTexts.tapToEnroll, from);
    // While one waits for its card, the reader takes no second enrolment.
    const busy = await t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/enroll-nfc-card',
      headers: admin.auth,
      payload: { readerId: reader.reader.id },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(ReaderMessages.readerBusy);
    expect((await late).statusCode).toBe(408);
    expect((await late).json()).toMatchObject({
      error: 'Request Timeout',
      message: ReaderMessages.noCardPresented,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.cardWaitTimeoutMs - 50);

    const nowhere = await t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/enroll-nfc-card',
      headers: other.auth,
      payload: { readerId: 999_999 },
    });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe(ReaderMessages.readerNotFound);
  });

  it('resets a card to its factory keys and deletes it; another member may neither reset nor delete it', async () => {
    const { member, reader, uid, card, enrolled } = await memberWithCard();
    const other = await t.given.member();
    const reset = (actor: Actor) =>
      t.app.inject({
        method: 'POST',
        url: '/api/fabreader/readers/reset-nfc-card',
        headers: actor.auth,
        payload: { readerId: reader.reader.id, cardId: enrolled.id },
      });
    const refused = await reset(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.forbiddenInsufficientPermissions);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/fabreader/cards/${enrolled.id}`,
      headers: other.auth,
    });
    expect(deleted.statusCode).toBe(403);

    // Another card at the reader: an error display, nothing changed.
    let from = reader.screen.shown.length;
    let answer = reset(member);
    await reader.screen.waitFor(ReaderDisplayTexts.tapToReset, from);
    reader.simulator.tap(newUid(), VirtualNtag424Card.factory(randomBytes(7)));
    expect((await answer).statusCode).toBe(409);
    await until(() => reader.screen.outcomes(from).length > 0);
    expect(reader.screen.outcomes(from)).toEqual([{ text: ReaderDisplayTexts.wrongCard, tone: 'error' }]);
    expect(card.keyVersion(0)).toBe(1);

    const late = await reset(member);
    expect(late.statusCode).toBe(408);
    expect(await cardsOf(member)).toHaveLength(1);

    from = reader.screen.shown.length;
    answer = reset(member);
    await reader.screen.waitFor(ReaderDisplayTexts.tapToReset, from);
    reader.simulator.tap(uid, card);
    expect((await answer).statusCode).toBe(200);
    await until(() => reader.screen.outcomes(from).length > 0);
    expect(reader.screen.outcomes(from)).toEqual([{ text: ReaderDisplayTexts.cardReset, tone: 'success' }]);
    expect(card.toJSON()).toEqual(VirtualNtag424Card.factory(Buffer.from(uid, 'hex')).toJSON());
    expect(await cardsOf(member)).toEqual([]);
    // A reset card is a factory card again: it can be enrolled anew.
    expect((await enroll(other, reader, uid, card)).statusCode).toBe(201);
  });
});

describe('a server whose default language is German', () => {
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;

  beforeAll(async () => {
    t = await buildTestApp(
      'sqlite',
      { rateLimits: READER_TEST_RATE_LIMITS, readerTimings: TIMINGS },
      { defaultLanguage: 'de' },
    );
    readers = await readerFixtures(t);
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  it("speaks German on the readers' displays (DEFAULT_LANGUAGE)", async () => {
    const admin = await t.given.administrator();
    const { simulator } = await readers.connectedReader(admin, 'Leser an der Tür', {});
    const shown = screen(simulator);
    simulator.tap(newUid(), VirtualNtag424Card.factory(randomBytes(7)));
    await until(() => shown.outcomes().length > 0);
    expect(shown.shown).toEqual([
      { text: 'Karte wird gelesen…', tone: 'info' },
      { text: 'Karte nicht erkannt', tone: 'error' },
    ]);
  });
});
