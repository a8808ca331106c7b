import { z } from 'zod';
import { userText } from './common.ts';

export const SsoProviderTypeSchema = z.enum(['OIDC']);
export type SsoProviderType = z.infer<typeof SsoProviderTypeSchema>;

/** A single sign-on provider as the sign-in screen lists it (spec 01 §3); no secrets. */
export const SsoProviderSummarySchema = z
  .object({ id: z.number().int(), name: z.string(), type: SsoProviderTypeSchema })
  .describe('A single sign-on provider offered on the sign-in screen');
export type SsoProviderSummary = z.infer<typeof SsoProviderSummarySchema>;

/** Links a single sign-on identity to the local account with that email (spec 01 §3, §7). */
export const LinkSsoAccountBodySchema = z.object({
  email: userText().trim().min(1).max(254),
  externalId: userText().min(1).max(1_000),
  password: userText().min(1).max(1_024),
});
export type LinkSsoAccountBody = z.infer<typeof LinkSsoAccountBodySchema>;
