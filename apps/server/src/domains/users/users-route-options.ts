import { Messages } from '@toolpass/contracts';
import { withPermission } from '../../platform/http/route-guards.ts';

/** What every route of the users domain shares in its OpenAPI entry and guards. */
export const tags = ['Users'];
export const security = [{ bearerAuth: [] }];
export const manageUsers = withPermission('canManageUsers', Messages.forbiddenManageUsers);
