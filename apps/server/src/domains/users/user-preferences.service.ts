import type { UserPreferences } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { UserPreferencesRepository } from './user-preferences.repository.ts';

/** The signed-in user's own settings: the interface language, or null to follow the browser. */
export function createUserPreferencesService(deps: {
  db: Db;
  repo: UserPreferencesRepository;
  clock: Clock;
}) {
  return {
    async getPreferences(actor: UserAccount): Promise<UserPreferences> {
      const language = await deps.repo.findLanguage(deps.db, actor.id);
      return { language: language === 'en' || language === 'de' ? language : null };
    },

    async updatePreferences(actor: UserAccount, preferences: UserPreferences): Promise<UserPreferences> {
      await deps.repo.updateLanguage(deps.db, actor.id, preferences.language, deps.clock.now());
      return preferences;
    },
  };
}

export type UserPreferencesService = ReturnType<typeof createUserPreferencesService>;
