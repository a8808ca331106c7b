import {
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * `useMutation` that runs one request at a time: a call while one is under way (a double click,
 * Enter pressed twice) gets the running one's promise instead of a second request. React has not
 * re-rendered the pending button between two clicks of one double click, so disabling it is not
 * enough; every mutation of the app goes through here (issue 13).
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | undefined>(undefined);
  const { mutateAsync: start } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (running.current) return running.current;
      const promise = start(variables, callOptions).finally(() => {
        running.current = undefined;
      });
      running.current = promise;
      return promise;
    },
    [start],
  );
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // As useMutation's own mutate: the error is in the result's state, not a rejection.
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}
