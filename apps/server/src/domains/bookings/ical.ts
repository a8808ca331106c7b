import { createHash, randomBytes } from 'node:crypto';
import type { ICalFeed } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { BookingRecord, BookingsRepository } from './bookings.repository.ts';

const CRLF = '\r\n';
/** Bookings this far back stay in the feed, so a calendar keeps the last weeks. */
const FEED_PAST_MS = 31 * 86_400_000;

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets fold onto continuation lines that begin with a space (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A UTC DATE-TIME: 20261127T140000Z. */
const utc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The member's bookings as an iCalendar (RFC 5545) text, CRLF line ends. */
export function icalText(bookings: BookingRecord[], now: Date, host: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Toolpass//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Toolpass',
  ];
  for (const booking of bookings) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:booking-${booking.id}@${host}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(booking.start)}`,
      `DTEND:${utc(booking.end)}`,
      `SUMMARY:${escapeText(booking.resourceName)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The members' secret feed addresses (decision 23): the token is looked up by its hash and kept
 * sealed under SECRET_KEY, so the member is shown the same address again; renewing replaces it
 * and the old address answers 404 from then on.
 */
export function createICalFeeds(deps: {
  db: Db;
  repo: BookingsRepository;
  clock: Clock;
  box: { seal(plaintext: string): string; open(sealed: string): string };
  publicUrl: string;
}) {
  const urlOf = (token: string) => `${deps.publicUrl.replace(/\/$/, '')}/api/bookings/ical/${token}.ics`;
  async function renew(userId: number): Promise<ICalFeed> {
    const token = randomBytes(32).toString('base64url');
    await deps.repo.setFeed(deps.db, userId, hashOf(token), deps.box.seal(token), deps.clock.now());
    return { url: urlOf(token) };
  }
  return {
    async address(actor: UserAccount): Promise<ICalFeed> {
      const sealed = await deps.repo.feedOf(deps.db, actor.id);
      return sealed ? { url: urlOf(deps.box.open(sealed)) } : renew(actor.id);
    },
    renew: (actor: UserAccount) => renew(actor.id),
    /** The feed of a token; undefined for an unknown or renewed one. */
    async feed(token: string): Promise<string | undefined> {
      const userId = await deps.repo.feedOwner(deps.db, hashOf(token));
      if (userId === undefined) return undefined;
      const now = deps.clock.now();
      const bookings = await deps.repo.ofMember(deps.db, userId, new Date(now.getTime() - FEED_PAST_MS));
      return icalText(bookings, now, new URL(deps.publicUrl).hostname);
    },
  };
}

export type ICalFeeds = ReturnType<typeof createICalFeeds>;
