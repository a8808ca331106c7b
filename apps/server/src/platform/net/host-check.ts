import { ErrorCodes, Messages } from '@toolpass/contracts';
import { badRequest } from '../http/errors.ts';
import { HostNotAllowedError } from './outbound-policy.ts';

/**
 * Runs a save's check of an integration address and turns a refusal into the 400 that names the
 * setting, on the field it concerns (decision 17).
 */
export async function refuseUnlessAllowed(check: Promise<void>, field: string): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (!(error instanceof HostNotAllowedError)) throw error;
    throw badRequest(Messages.hostNotAllowed, {
      errorCode: ErrorCodes.hostNotAllowed,
      errors: { [field]: [Messages.hostNotAllowed] },
    });
  }
}
