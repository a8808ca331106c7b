import { Messages } from '@toolpass/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AttemptLimiter, reserveEach } from './attempt-limiter.ts';
import { AppError } from './errors.ts';

const tooMany = () => new AppError(429, Messages.tooManyRequests);

/**
 * A preHandler for calls that hash a password or send a mail (after validation, so the keys can
 * name the account in the body). Per client it caps the calls under way at once: a flood of
 * parallel calls is what starved the rest of the API, while a workshop registering its members
 * one after another from one PC must get through. Per account it spends from a budget per
 * window, spent before the work starts. Either answers 429 before any costly work.
 */
export function limitCostlyCalls(options: {
  perClientInFlight: number;
  perAccount: AttemptLimiter;
  accountKeysOf(request: FastifyRequest): string[];
}) {
  const inFlight = new Map<string, number>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const client = request.ip;
    const running = inFlight.get(client) ?? 0;
    if (running >= options.perClientInFlight) throw tooMany();
    // Spent whatever the outcome (each call may hash or mail), in the same step as the check.
    const spent = reserveEach(
      options.accountKeysOf(request).map((key) => [options.perAccount, key] as const),
    );
    if (!spent) throw tooMany();
    inFlight.set(client, running + 1);
    // Released when the answer is sent or the client leaves, whichever comes first.
    reply.raw.once('close', () => {
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left <= 0) inFlight.delete(client);
      else inFlight.set(client, left);
    });
  };
}
