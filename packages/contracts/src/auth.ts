import { z } from 'zod';
import { userText } from './common.ts';
import { UserSchema } from './users.ts';

export const LocalSignInBodySchema = z.object({
  username: userText().trim().min(1).max(254).describe('Username or email address'),
  password: userText().min(1).max(1024),
});
export type LocalSignInBody = z.infer<typeof LocalSignInBodySchema>;

/** The only answer that carries a session token. */
export const AuthSessionSchema = z.object({ authToken: z.string(), user: UserSchema });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/**
 * What the signed-out screens may know about the installation: only whether the next account
 * is the first one (and so becomes the administrator).
 */
export const AuthSetupSchema = z.object({ firstAccount: z.boolean() });
export type AuthSetup = z.infer<typeof AuthSetupSchema>;
