import { BookingErrorCodes, ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Why a start was refused, in the user's language, where the safety rules (decision 21) say so:
 * the resource is out of order (with the manager's reason), or the introduction lapsed (with its
 * day), another member booked it (with the holder and the booking's end), or it is held for the
 * next in line of its wait list (decision 23); undefined for every other failure, which keeps the spec's generic text.
 */
export function startRefusal(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  const { errorCode, message } = error.body;
  if (errorCode === ResourceErrorCodes.outOfOrder && message.startsWith(ResourceMessages.outOfOrderPrefix)) {
    return t('safetyRules.refusals.outOfOrder', {
      reason: message.slice(ResourceMessages.outOfOrderPrefix.length),
    });
  }
  if (
    errorCode === ResourceErrorCodes.introductionLapsed &&
    message.startsWith(ResourceMessages.introductionLapsedPrefix)
  ) {
    const date = message.slice(ResourceMessages.introductionLapsedPrefix.length).replace(/\.$/, '');
    return t('safetyRules.refusals.introductionLapsed', { date });
  }
  if (errorCode === BookingErrorCodes.bookedByOther || errorCode === BookingErrorCodes.heldForOther) {
    return translateServerMessage(t, message);
  }
  return undefined;
}
