import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { changePasswordWithToken } from './account-api.ts';

export type PasswordReset = { userId: number; token: string; password: string };

/** Sets a new password with the token from the reset mail. */
export function useResetPassword() {
  return useSingleFlightMutation({
    mutationFn: ({ userId, token, password }: PasswordReset) =>
      changePasswordWithToken(userId, { token, password }),
  });
}
