import { z } from 'zod';

export const SsoProviderTypeSchema = z.enum(['OIDC']);
export type SsoProviderType = z.infer<typeof SsoProviderTypeSchema>;

/** A single sign-on provider as the sign-in screen lists it (spec 01 §3); no secrets. */
export const SsoProviderSummarySchema = z
  .object({ id: z.number().int(), name: z.string(), type: SsoProviderTypeSchema })
  .describe('A single sign-on provider offered on the sign-in screen');
export type SsoProviderSummary = z.infer<typeof SsoProviderSummarySchema>;
