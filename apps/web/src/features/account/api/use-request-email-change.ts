import { useMutation } from '@tanstack/react-query';
import { requestEmailChange } from './account-api.ts';

/** Asks for the own address to change; the change happens once the mailed link is followed. */
export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
