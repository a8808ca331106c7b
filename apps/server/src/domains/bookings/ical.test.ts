import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { BookingRecord } from './bookings.repository.ts';
import { escapeText, foldLine, icalText } from './ical.ts';

const booking = (fields: Partial<BookingRecord>): BookingRecord => ({
  id: 7,
  resourceId: 3,
  resourceName: 'Laser',
  userId: 1,
  username: 'ada',
  kind: 'booking',
  start: new Date('2026-11-30T14:00:00Z'),
  end: new Date('2026-11-30T15:30:00Z'),
  startedAt: null,
  noShowAt: null,
  cancelledAt: null,
  ...fields,
});

describe('the iCal text (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and newlines in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ä'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('parses with a real iCal parser, with CRLF line ends, UIDs and UTC times', () => {
    const name = `Laser, big; "CO2" ${'x'.repeat(80)}\\ü`;
    const text = icalText(
      [booking({ resourceName: name })],
      new Date('2026-11-27T10:00:00Z'),
      'toolpass.test',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [event] = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(event?.summary).toBe(name);
    expect(event?.uid).toBe('booking-7@toolpass.test');
    expect(event?.startDate.toJSDate().toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2026-11-30T15:30:00.000Z');
    expect(text).toContain('DTSTAMP:20261127T100000Z');
  });
});
