import { ResourceMessages, type UserRef, type UserSearchQuery } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { UserSearchRepository } from './user-search.repository.ts';

/**
 * The user picker behind granting introducers and introductions: open to those who grant them
 * (resource managers and introducers) and to user managers, never to plain members.
 */
export function createUserSearchService(deps: { db: Db; repo: UserSearchRepository }) {
  return {
    async search(actor: UserAccount, query: UserSearchQuery): Promise<{ data: UserRef[]; total: number }> {
      const mayPick =
        actor.permissions.canManageResources ||
        actor.permissions.canManageUsers ||
        (await deps.repo.isAnyIntroducer(deps.db, actor.id));
      if (!mayPick) throw forbidden(ResourceMessages.forbiddenSearchUsers);
      return deps.repo.searchUsernames(deps.db, query);
    },
  };
}
export type UserSearchService = ReturnType<typeof createUserSearchService>;
