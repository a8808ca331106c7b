import type { UpdateUserPreferencesBody, UserPreferences } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { UserPreferencesRepository } from './user-preferences.repository.ts';

/**
 * The signed-in user's own settings: the interface language (null follows the browser) and
 * whether a mail warns of an automatic end (decision 21).
 */
export function createUserPreferencesService(deps: {
  db: Db;
  repo: UserPreferencesRepository;
  clock: Clock;
}) {
  async function read(userId: number): Promise<UserPreferences> {
    const found = await deps.repo.find(deps.db, userId);
    return {
      language: found.language === 'en' || found.language === 'de' ? found.language : null,
      notifyBeforeAutomaticEnd: found.notifyBeforeAutomaticEnd,
    };
  }

  return {
    getPreferences: (actor: UserAccount) => read(actor.id),

    /** Only the settings given change: the language switch and the account page each send their own. */
    async updatePreferences(
      actor: UserAccount,
      changes: UpdateUserPreferencesBody,
    ): Promise<UserPreferences> {
      await deps.repo.update(deps.db, actor.id, changes, deps.clock.now());
      return read(actor.id);
    },
  };
}

export type UserPreferencesService = ReturnType<typeof createUserPreferencesService>;
