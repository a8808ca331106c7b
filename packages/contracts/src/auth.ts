import { z } from 'zod';
import { userText } from './common.ts';
import { LanguageSchema, UserSchema } from './users.ts';

export const LocalSignInBodySchema = z.object({
  username: userText().trim().min(1).max(254).describe('Username or email address'),
  password: userText().min(1).max(1024),
});
export type LocalSignInBody = z.infer<typeof LocalSignInBodySchema>;

/**
 * A fresh verification link for an account that has not confirmed its address, asked for with
 * its sign-in (only the owner knows the password). `sent`: a new mail is on its way;
 * `already-verified`: the address was confirmed meanwhile, so signing in works.
 */
export const ResendVerificationBodySchema = LocalSignInBodySchema.extend({
  language: LanguageSchema.optional().describe(
    "The screen's language, for the mail when the account chose none (else DEFAULT_LANGUAGE)",
  ),
});
export type ResendVerificationBody = z.infer<typeof ResendVerificationBodySchema>;
export const ResendVerificationResultSchema = z.object({ status: z.enum(['sent', 'already-verified']) });
export type ResendVerificationResult = z.infer<typeof ResendVerificationResultSchema>;

/** The only answer that carries a session token. */
export const AuthSessionSchema = z.object({ authToken: z.string(), user: UserSchema });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/**
 * How mails leave the server: through the configured mail server (`smtp`), or, without SMTP_URL,
 * printed to the server's output for an administrator to pass on (`server-output`).
 */
export const MailDeliverySchema = z.enum(['smtp', 'server-output']);
export type MailDelivery = z.infer<typeof MailDeliverySchema>;

/**
 * What the signed-out screens may know about the installation: whether the next account is the
 * first one (and so becomes the administrator), and whether mails reach a mailbox at all, so the
 * sign-up and resend screens can say where the link is.
 */
export const AuthSetupSchema = z.object({ firstAccount: z.boolean(), mailDelivery: MailDeliverySchema });
export type AuthSetup = z.infer<typeof AuthSetupSchema>;
