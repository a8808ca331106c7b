import {
  AdminEmailChangeBodySchema,
  BulkUpdatePermissionsBodySchema,
  ChangePasswordBodySchema,
  ConfirmEmailChangeBodySchema,
  CreateUserBodySchema,
  ErrorCodes,
  ListUsersQuerySchema,
  Messages,
  OkSchema,
  pagedSchema,
  RequestEmailChangeBodySchema,
  RequestPasswordResetBodySchema,
  SystemPermissionsSchema,
  UndoEmailChangeBodySchema,
  UpdatePermissionsBodySchema,
  UserIdParamsSchema,
  UserIdPathSchema,
  UserPreferencesSchema,
  UserSchema,
  UsersWithPermissionQuerySchema,
  VerifyEmailBodySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import { signedIn, withPermission } from '../../platform/http/route-guards.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { presentUser } from './present-user.ts';
import type { UsersService } from './users.service.ts';
import { usersCallLimits } from './users-call-limits.ts';

const UserPageSchema = pagedSchema(UserSchema);
const tags = ['Users'];
const security = [{ bearerAuth: [] }];
const manageUsers = withPermission('canManageUsers', Messages.forbiddenManageUsers);

function page(
  result: { data: UserAccount[]; total: number },
  query: { page: number; limit: number },
  viewer: UserAccount,
) {
  return {
    data: result.data.map((user) => presentUser(user, viewer)),
    total: result.total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(result.total / query.limit),
  };
}

export function usersRoutes(deps: {
  users: UsersService;
  rateLimits: RateLimits;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = usersCallLimits(deps.rateLimits, deps.now);

    app.post(
      '/api/users',
      {
        preHandler: limits.registration,
        schema: {
          tags,
          summary: 'Register with a local password; a verification mail is sent',
          body: CreateUserBodySchema,
          response: { 201: UserSchema },
        },
      },
      async (request, reply) => {
        const user = await deps.users.register(request.body);
        return reply.status(201).send(presentUser(user, user));
      },
    );

    app.get(
      '/api/users',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: 'List and search users',
          querystring: ListUsersQuerySchema,
          response: { 200: UserPageSchema },
        },
      },
      async (request) => page(await deps.users.list(request.query), request.query, requireUser(request)),
    );

    app.get(
      '/api/users/with-permission',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: 'Users holding a system permission',
          querystring: UsersWithPermissionQuerySchema,
          response: { 200: UserPageSchema },
        },
      },
      async (request) =>
        page(await deps.users.listWithPermission(request.query), request.query, requireUser(request)),
    );

    app.post(
      '/api/users/verify-email',
      {
        config: { validationError: { message: Messages.invalidTokenOrEmail } },
        schema: {
          tags,
          summary: 'Confirm an email address with the token from the mail',
          body: VerifyEmailBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.users.verifyEmail(request.body.token, request.body.email);
        return { message: 'Email verified' };
      },
    );

    app.post(
      '/api/users/reset-password',
      {
        preHandler: limits.resetRequest,
        schema: {
          tags,
          summary:
            'Ask for a password reset mail; answers the same whether or not the address has an account',
          body: RequestPasswordResetBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        deps.users.requestPasswordReset(request.body.email);
        return { message: 'If an account uses this address, a reset mail is on its way' };
      },
    );

    app.post(
      '/api/users/:userId/change-password',
      {
        preHandler: limits.passwordChange,
        schema: {
          tags,
          summary: 'Set a new password with the reset token; signs the user out everywhere',
          params: UserIdPathSchema,
          body: ChangePasswordBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.users.changePassword(request.params.userId, request.body.token, request.body.password);
        return { message: 'Password changed' };
      },
    );

    app.get(
      '/api/users/me',
      {
        preValidation: signedIn,
        schema: { tags, security, summary: 'The signed-in user', response: { 200: UserSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentUser(user, user);
      },
    );

    app.get(
      '/api/users/me/preferences',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "The signed-in user's own settings (the interface language; null follows the browser)",
          response: { 200: UserPreferencesSchema },
        },
      },
      async (request) => deps.users.getPreferences(requireUser(request)),
    );

    app.put(
      '/api/users/me/preferences',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "Sets the signed-in user's own settings",
          body: UserPreferencesSchema,
          response: { 200: UserPreferencesSchema },
        },
      },
      async (request) => deps.users.updatePreferences(requireUser(request), request.body),
    );

    app.post(
      '/api/users/me/request-email-change',
      {
        preValidation: signedIn,
        preHandler: limits.emailChange,
        schema: {
          tags,
          security,
          summary:
            'Ask to change the own email; a confirmation mail goes to the new address (also when it is taken, so the answer does not tell)',
          body: RequestEmailChangeBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.users.requestEmailChange(requireUser(request), request.body.newEmail);
        return { message: 'Confirmation mail sent to the new address' };
      },
    );

    app.post(
      '/api/users/confirm-email-change',
      {
        config: { validationError: { message: Messages.invalidTokenOrEmail } },
        schema: {
          tags,
          summary: 'Confirm an email change with the token from the mail',
          body: ConfirmEmailChangeBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.users.confirmEmailChange(request.body.token, request.body.newEmail);
        return { message: 'Email changed' };
      },
    );

    app.post(
      '/api/users/undo-email-change',
      {
        config: { validationError: { message: Messages.invalidTokenOrEmail } },
        schema: {
          tags,
          summary:
            'Undo an email change with the link sent to the old address; every session of the account ends',
          body: UndoEmailChangeBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.users.undoEmailChange(request.body.token, request.body.email);
        return { message: 'Email change undone' };
      },
    );

    app.post(
      '/api/users/permissions',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: "Update several users' permissions at once (all or none)",
          body: BulkUpdatePermissionsBodySchema,
          response: { 200: z.object({ data: z.array(UserSchema) }) },
        },
      },
      async (request) => {
        const viewer = requireUser(request);
        const users = await deps.users.bulkUpdatePermissions(request.body);
        return { data: users.map((user) => presentUser(user, viewer)) };
      },
    );

    app.get(
      '/api/users/:id',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'One user',
          params: UserIdParamsSchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => {
        const viewer = requireUser(request);
        return presentUser(await deps.users.getVisibleUser(viewer, request.params.id), viewer);
      },
    );

    app.get(
      '/api/users/:id/permissions',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: "A user's system permissions",
          params: UserIdParamsSchema,
          response: { 200: SystemPermissionsSchema },
        },
      },
      async (request) => deps.users.getPermissions(request.params.id),
    );

    app.patch(
      '/api/users/:id/permissions',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: "Change a user's system permissions",
          params: UserIdParamsSchema,
          body: UpdatePermissionsBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        presentUser(
          await deps.users.updatePermissions(request.params.id, request.body),
          requireUser(request),
        ),
    );

    app.patch(
      '/api/users/:id/email',
      {
        preValidation: manageUsers,
        config: {
          validationError: {
            message: Messages.invalidEmailAddress,
            errorCode: ErrorCodes.invalidEmailFormat,
          },
        },
        schema: {
          tags,
          security,
          summary: "Change another user's email address (counts as verified)",
          params: UserIdParamsSchema,
          body: AdminEmailChangeBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        presentUser(
          await deps.users.adminChangeEmail(request.params.id, request.body.newEmail),
          requireUser(request),
        ),
    );
  };
}
