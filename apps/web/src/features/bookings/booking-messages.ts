import { BookingMessages } from '@toolpass/contracts';
import { addServerMessagePattern, addServerMessages } from '../../i18n/server-message.ts';

const { bookedByPrefix, blockedPrefix, heldForPrefix, ...wholeMessages } = BookingMessages;

/** The booking messages the server sends whole; each has a text under `serverMessages.<key>`. */
export const BOOKING_WHOLE_MESSAGES: Record<string, string> = wholeMessages;

/** The keys of the messages that carry a name (and a time) after their beginning. */
export const BOOKING_PATTERN_KEYS = ['bookedBy', 'blocked', 'heldFor'] as const;

/**
 * Shows the booking and wait-list refusals in human words: the whole messages, and "Booked by
 * {username} until {HH:MM}", "Blocked until {HH:MM}" and "Held for the next in line: {username}"
 * (the contract's bookedByMessage, blockedMessage and heldForMessage) with their values in the
 * user's language's sentence.
 */
export function addBookingServerMessages(): void {
  addServerMessages(BOOKING_WHOLE_MESSAGES);
  addServerMessagePattern(bookedByPrefix, /(?<username>.+) until (?<until>\d{1,2}:\d{2})/, 'bookedBy');
  addServerMessagePattern(blockedPrefix, /(?<until>\d{1,2}:\d{2})/, 'blocked');
  addServerMessagePattern(heldForPrefix, /(?<username>.+)/, 'heldFor');
}
