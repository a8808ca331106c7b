/** Requests allowed per window for the calls that guess or send mail (architecture §Security). */
export type RateLimits = {
  /** Failed sign-ins per account, however it is spelled (the account the lookup finds). */
  signIn: { max: number; timeWindowMs: number };
  /** Failed sign-ins per client address across accounts (credential stuffing). */
  signInPerClient: { max: number; timeWindowMs: number };
  passwordResetRequest: { max: number; timeWindowMs: number };
  /** Registrations, password changes and reset requests (each costs a hash or sends a mail) under way at once per client. */
  costlyInFlightPerClient: number;
  /** The same calls per account named, per window. */
  costlyPerAccount: { max: number; timeWindowMs: number };
  /** Refused reader AUTHs per address (wrong MAC, unknown reader). */
  readerAuthFailures: { max: number; timeWindowMs: number };
  /** Reader HELLOs (each a pending reader with a code) per address. */
  readerHellos: { max: number; timeWindowMs: number };
  /** Pairing codes that matched no waiting reader, per client address. */
  readerPairingFailures: { max: number; timeWindowMs: number };
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // Per account, from any address and under any spelling: slows guessing at one account without
  // locking its owner out for long.
  signIn: { max: 10, timeWindowMs: 5 * 60_000 },
  // Per client address: a member mistyping on several accounts from one workshop PC is fine;
  // a list of stolen passwords tried against many accounts is not.
  signInPerClient: { max: 20, timeWindowMs: 5 * 60_000 },
  // Per address and email: a reset mail is worth little to an attacker but a lot to a spammer.
  passwordResetRequest: { max: 5, timeWindowMs: 15 * 60_000 },
  // Per client address and kind of costly call: a workshop registering its members one after
  // another from one PC gets through; a script firing them in parallel does not.
  costlyInFlightPerClient: 4,
  // Per account named (a registration's email and username, a password change's user).
  costlyPerAccount: { max: 5, timeWindowMs: 15 * 60_000 },
  // A reader with the right key never fails; a workshop's readers behind one NAT address
  // rebooting together stay far below this.
  readerAuthFailures: { max: 20, timeWindowMs: 5 * 60_000 },
  // A reader asks for a new code at most every 10 minutes (the code's lifetime).
  readerHellos: { max: 10, timeWindowMs: 10 * 60_000 },
  // Six digits: an administrator mistyping is fine, a script walking the code space is not.
  readerPairingFailures: { max: 10, timeWindowMs: 5 * 60_000 },
};
