import type { z } from 'zod';
import { PageQuerySchema, pagedSchema, SearchQuerySchema } from './common.ts';
import { UserRefSchema } from './usage.ts';

/**
 * User pickers (granting introducers and introductions) search by username only and see id and
 * username only: introducers need to find people without seeing their email addresses.
 */
export const UserSearchQuerySchema = PageQuerySchema.extend({ search: SearchQuerySchema });
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;

export const UserRefPageSchema = pagedSchema(UserRefSchema);
