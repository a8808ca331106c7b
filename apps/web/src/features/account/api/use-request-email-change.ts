import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { requestEmailChange } from './account-api.ts';

/** Asks for the own address to change; the change happens once the mailed link is followed. */
export function useRequestEmailChange() {
  return useSingleFlightMutation({ mutationFn: requestEmailChange });
}
