import type { MailDelivery } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import { accountRecoveryRoutes } from './account-recovery.routes.ts';
import { accountRegistrationRoutes } from './account-registration.routes.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { userPermissionsRoutes } from './user-permissions.routes.ts';
import { userPreferencesRoutes } from './user-preferences.routes.ts';
import type { UsersModule } from './users.module.ts';

/** Every route under /api/users but the picker's search, one file per job of the users module. */
export function usersRoutes(deps: {
  users: UsersModule;
  mailDelivery: MailDelivery;
  rateLimits: RateLimits;
  now: () => number;
}): FastifyPluginAsyncZod {
  const { users, rateLimits, now } = deps;
  return async (app) => {
    await app.register(accountsRoutes({ accounts: users.accounts }));
    await app.register(
      accountRegistrationRoutes({
        registration: users.registration,
        mailDelivery: deps.mailDelivery,
        rateLimits,
        now,
      }),
    );
    await app.register(accountRecoveryRoutes({ recovery: users.recovery, rateLimits, now }));
    await app.register(emailChangeRoutes({ emailChange: users.emailChange, rateLimits, now }));
    await app.register(userPermissionsRoutes({ permissions: users.permissions }));
    await app.register(userPreferencesRoutes({ preferences: users.preferences }));
  };
}
