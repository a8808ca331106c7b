import { Messages } from '@toolpass/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createAttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import { limitCostlyCalls } from '../../platform/http/request-budget.ts';
import { lookupKey } from '../../platform/identity/user-account.ts';

/**
 * The preHandlers of the users' calls that hash a password or send a mail (decision 9): each
 * spends its budgets before the work, so a parallel burst is refused past the budget.
 */
export function usersCallLimits(rateLimits: RateLimits, now: () => number) {
  /** Limits for one kind of costly call: calls in flight per client, calls per account named. */
  const costly = (accountKeysOf: (request: FastifyRequest) => string[]) =>
    limitCostlyCalls({
      perClientInFlight: rateLimits.costlyInFlightPerClient,
      perAccount: createAttemptLimiter({
        max: rateLimits.costlyPerAccount.max,
        windowMs: rateLimits.costlyPerAccount.timeWindowMs,
        now,
      }),
      accountKeysOf,
    });
  const resetsPerAddress = createAttemptLimiter({
    max: rateLimits.passwordResetRequest.max,
    windowMs: rateLimits.passwordResetRequest.timeWindowMs,
    now,
  });
  const resetsPerAccount = costly((request) => [
    `reset ${lookupKey((request.body as { email: string }).email)}`,
  ]);

  return {
    registration: costly((request) => {
      const body = request.body as { email: string; username: string };
      return [`email ${lookupKey(body.email)}`, `name ${lookupKey(body.username)}`];
    }),
    passwordChange: costly((request) => [`user ${(request.params as { userId: number }).userId}`]),
    /** Per client address and email first, then like the other costly calls. */
    resetRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const email = lookupKey((request.body as { email: string }).email);
      if (!resetsPerAddress.reserve(`${request.ip}|${email}`))
        throw new AppError(429, Messages.tooManyRequests);
      await resetsPerAccount(request, reply);
    },
    // Each request mails an address the member names.
    emailChange: costly((request) => [`email change by ${requireUser(request).id}`]),
  };
}
