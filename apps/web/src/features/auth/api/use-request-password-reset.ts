import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { requestPasswordReset } from './auth-api.ts';

export function useRequestPasswordReset() {
  return useSingleFlightMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}
