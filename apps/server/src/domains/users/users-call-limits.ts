import { Messages } from '@toolpass/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createAttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import { limitCostlyCalls } from '../../platform/http/request-budget.ts';
import { lookupKey } from '../../platform/identity/user-account.ts';

// The preHandlers of the users' calls that hash a password or send a mail (decision 9): each
// spends its budgets before the work, so a parallel burst is refused past the budget. Each call
// kind has budgets of its own, made once by the routes that use it.

type Limits = { rateLimits: RateLimits; now: () => number };

/** Limits for one kind of costly call: calls in flight per client, calls per account named. */
function costlyCalls({ rateLimits, now }: Limits, accountKeysOf: (request: FastifyRequest) => string[]) {
  return limitCostlyCalls({
    perClientInFlight: rateLimits.costlyInFlightPerClient,
    perAccount: createAttemptLimiter({
      max: rateLimits.costlyPerAccount.max,
      windowMs: rateLimits.costlyPerAccount.timeWindowMs,
      now,
    }),
    accountKeysOf,
  });
}

export function registrationLimit(limits: Limits) {
  return costlyCalls(limits, (request) => {
    const body = request.body as { email: string; username: string };
    return [`email ${lookupKey(body.email)}`, `name ${lookupKey(body.username)}`];
  });
}

export function passwordChangeLimit(limits: Limits) {
  return costlyCalls(limits, (request) => [`user ${(request.params as { userId: number }).userId}`]);
}

/** Per client address and email first, then like the other costly calls. */
export function resetRequestLimit(limits: Limits) {
  const resetsPerAddress = createAttemptLimiter({
    max: limits.rateLimits.passwordResetRequest.max,
    windowMs: limits.rateLimits.passwordResetRequest.timeWindowMs,
    now: limits.now,
  });
  const resetsPerAccount = costlyCalls(limits, (request) => [
    `reset ${lookupKey((request.body as { email: string }).email)}`,
  ]);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const email = lookupKey((request.body as { email: string }).email);
    if (!resetsPerAddress.reserve(`${request.ip}|${email}`))
      throw new AppError(429, Messages.tooManyRequests);
    await resetsPerAccount(request, reply);
  };
}

/** Each request mails an address the member names. */
export function emailChangeLimit(limits: Limits) {
  return costlyCalls(limits, (request) => [`email change by ${requireUser(request).id}`]);
}
