import { ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Why a start was refused, in the user's language, where the safety rules (decision 21) say so:
 * the resource is out of order (with the manager's reason), or the introduction lapsed (with its
 * day); undefined for every other failure, which keeps the spec's generic text.
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
  return undefined;
}
