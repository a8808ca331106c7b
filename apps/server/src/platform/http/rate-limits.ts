/** Requests allowed per window for the calls that guess or send mail (DESIGN §6). */
export type RateLimits = {
  signIn: { max: number; timeWindowMs: number };
  passwordResetRequest: { max: number; timeWindowMs: number };
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // Per address and account name: slows password guessing without locking the owner out for long.
  signIn: { max: 10, timeWindowMs: 5 * 60_000 },
  // Per address and email: a reset mail is worth little to an attacker but a lot to a spammer.
  passwordResetRequest: { max: 5, timeWindowMs: 15 * 60_000 },
};
