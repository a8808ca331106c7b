import { z } from 'zod';
import { IdSchema } from './common.ts';
import { UserRefSchema } from './usage.ts';

/**
 * Bookings, blocks and the wait list (decision 23): a resource is walk-up only (the
 * specification's behaviour and the default), bookable, or run by a wait list.
 */
export const BOOKING_MODES = ['walk-up', 'bookable', 'wait-list'] as const;
export const BookingModeSchema = z.enum(BOOKING_MODES);
export type BookingMode = z.infer<typeof BookingModeSchema>;

/** A booking not started within this many minutes of its start is released as a no-show. */
export const BOOKING_NO_SHOW_MINUTES = 15;
/** A walk-up session is warned this many minutes before the next booking begins. */
export const BOOKING_WARNING_MINUTES = 10;
/** The first in line of a wait list holds the free resource this many minutes. */
export const WAIT_LIST_HOLD_MINUTES = 10;
/** The longest range one bookings list may span, so a calendar read stays small. */
export const BOOKINGS_RANGE_MAX_DAYS = 62;

/** Server messages of bookings and the wait list; clients translate them (en, de). */
export const BookingMessages = {
  timeAlreadyBooked: 'Time already booked',
  notBookable: 'This resource cannot be booked',
  notWaitList: 'This resource has no wait list',
  slotStep: 'Bookings start and end on the slot step of this resource',
  tooShort: 'The booking is shorter than this resource allows',
  tooLong: 'The booking is longer than this resource allows',
  beyondHorizon: 'The booking is further ahead than this resource allows',
  inThePast: 'A booking cannot begin in the past',
  endBeforeStart: 'The end must be after the start',
  weeklyHours: 'The booking exceeds your booked hours per week for this resource',
  introductionRequired: 'Forbidden - A valid introduction is required to book this resource.',
  forbiddenBookForOthers: 'Forbidden - Only resource managers may book for others or block time.',
  forbiddenChangeBooking: 'Forbidden - Only the holder or a resource manager may change this booking.',
  alreadyBegun: 'A booking cannot be cancelled or moved after it began',
  bookingNotFound: 'Booking not found',
  rangeTooLong: 'The range may span at most 62 days',
  alreadyWaiting: 'You are already on the wait list',
  notWaiting: 'You are not on the wait list',
  /** Joining the wait list of a resource that is free and held for nobody. */
  resourceFree: 'The resource is free: start it',
  /** Joining the wait list of a resource the member is using. */
  usingItNow: 'You are using this resource now',
  /** Followed by the username, " until " and the time HH:MM (24-hour, the server's zone). */
  bookedByPrefix: 'Booked by ',
  /** Followed by the time HH:MM (24-hour, the server's zone) a manager's block ends. */
  blockedPrefix: 'Blocked until ',
  /** Followed by the username of the member the resource is held for. */
  heldForPrefix: 'Held for the next in line: ',
} as const;

export const BookingErrorCodes = {
  timeAlreadyBooked: 'TIME_ALREADY_BOOKED',
  bookedByOther: 'BOOKED_BY_OTHER',
  heldForOther: 'HELD_FOR_OTHER',
} as const;

/** A start refused during another member's booking: "Booked by {username} until {HH:MM}". */
export const bookedByMessage = (username: string, untilHhMm: string) =>
  `${BookingMessages.bookedByPrefix}${username} until ${untilHhMm}`;
/** A start refused during a block (maintenance): "Blocked until {HH:MM}". */
export const blockedMessage = (untilHhMm: string) => `${BookingMessages.blockedPrefix}${untilHhMm}`;
/** A start refused while the resource is held for the first in line of its wait list. */
export const heldForMessage = (username: string) => `${BookingMessages.heldForPrefix}${username}`;
/** End notes of a walk-up session ended because a booking began. */
export const bookingEndNotes = (username: string) => `Ended automatically: booked by ${username}`;
/** End notes of a walk-up session ended because a manager's block began. */
export const BLOCK_END_NOTES = 'Ended automatically: time blocked';

const TimeWithOffset = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time with a zone' });

export const BookingKindSchema = z
  .enum(['booking', 'block'])
  .describe('block: time a manager keeps free (maintenance)');
export type BookingKind = z.infer<typeof BookingKindSchema>;

export const BookingSchema = z
  .object({
    id: z.number().int(),
    resourceId: z.number().int(),
    user: UserRefSchema.nullable().describe('The holder; null for a block'),
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    kind: BookingKindSchema,
  })
  .describe('A booked or blocked span of one resource');
export type Booking = z.infer<typeof BookingSchema>;

/** An entry of "My bookings": the booking with its resource's name. */
export const MyBookingSchema = BookingSchema.extend({ resourceName: z.string() });
export type MyBooking = z.infer<typeof MyBookingSchema>;

export const BookingIdParamsSchema = z.object({ id: IdSchema });

export const BookingsRangeQuerySchema = z.object({
  from: TimeWithOffset,
  to: TimeWithOffset,
});
export type BookingsRangeQuery = z.infer<typeof BookingsRangeQuerySchema>;

export const CreateBookingBodySchema = z.object({
  start: TimeWithOffset,
  end: TimeWithOffset,
  userId: IdSchema.optional().describe('Book for another member (resource managers only)'),
  kind: BookingKindSchema.optional().default('booking'),
});
export type CreateBookingBody = z.infer<typeof CreateBookingBodySchema>;

export const MoveBookingBodySchema = z.object({ start: TimeWithOffset, end: TimeWithOffset });
export type MoveBookingBody = z.infer<typeof MoveBookingBodySchema>;

export const ICalFeedSchema = z
  .object({ url: z.string().describe('The secret address of the member’s iCal feed') })
  .describe('A personal iCal feed; renewing it makes the old address stop working');
export type ICalFeed = z.infer<typeof ICalFeedSchema>;

export const ICalFeedTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

export const WaitListEntrySchema = z.object({
  user: UserRefSchema,
  position: z.number().int().describe('1 is first in line'),
  since: z.iso.datetime({ offset: true }),
  heldUntil: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('Set while the resource is held for this member'),
});
export type WaitListEntry = z.infer<typeof WaitListEntrySchema>;

/** The booking fields of the resource object. */
export const ResourceBookingSettingsSchema = z.object({
  bookingMode: BookingModeSchema,
  bookingSlotMinutes: z.number().int().nullable().describe('Bookings start and end on this step; null: 30'),
  bookingMinMinutes: z.number().int().nullable(),
  bookingMaxMinutes: z.number().int().nullable(),
  bookingHorizonDays: z.number().int().nullable().describe('How many days ahead a member may book'),
  bookingMaxHoursPerWeek: z.number().int().nullable().describe('Booked hours per member per ISO week'),
});
export type ResourceBookingSettings = z.infer<typeof ResourceBookingSettingsSchema>;

/** The slot step when a bookable resource sets none. */
export const DEFAULT_BOOKING_SLOT_MINUTES = 30;
