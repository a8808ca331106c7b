import { Messages, OkSchema } from '@toolpass/contracts';
import type { z } from 'zod';
import { withPermission } from '../../platform/http/route-guards.ts';

/** What every route of the users domain shares in its OpenAPI entry and guards. */
export const tags = ['Users'];
export const security = [{ bearerAuth: [] }];
export const manageUsers = withPermission('canManageUsers', Messages.forbiddenManageUsers);

/**
 * A link from an account mail, posted back by the app (verify, confirm and undo an email
 * change): a malformed body answers "Invalid token or email." like a wrong token (spec 01 §5).
 */
export function mailLinkRoute<Body extends z.ZodType>(summary: string, body: Body) {
  return {
    config: { validationError: { message: Messages.invalidTokenOrEmail } },
    schema: { tags, summary, body, response: { 200: OkSchema } },
  };
}
