import { z } from 'zod';
import {
  IdListQuerySchema,
  IdSchema,
  PageQuerySchema,
  SearchQuerySchema,
  userText,
  visibleName,
} from './common.ts';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits.ts';
import { RuleMessages } from './messages.ts';

export const PermissionNameSchema = z.enum([
  'canManageResources',
  'canManageSystemConfiguration',
  'canManageUsers',
]);
export type PermissionName = z.infer<typeof PermissionNameSchema>;

export const SystemPermissionsSchema = z.object({
  canManageResources: z.boolean(),
  canManageSystemConfiguration: z.boolean(),
  canManageUsers: z.boolean(),
});
export type SystemPermissions = z.infer<typeof SystemPermissionsSchema>;

/** `email` is present only for the user itself and for holders of canManageUsers. */
export const UserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().optional(),
    externalIdentifier: z.string().nullable(),
    isEmailVerified: z.boolean(),
    systemPermissions: SystemPermissionsSchema,
  })
  .describe('A user account');
export type User = z.infer<typeof UserSchema>;

export const UsernameSchema = visibleName()
  .trim()
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters long.`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters long.`)
  .regex(/^[^\s@]+$/u, RuleMessages.usernameCharacters);

export const EmailSchema = userText().trim().max(EMAIL_MAX_LENGTH).pipe(z.email('Invalid email address'));

export const PasswordSchema = userText()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(PASSWORD_MAX_LENGTH);

/** The interface languages (spec 01 §1). */
export const LANGUAGES = ['en', 'de'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const CreateUserBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  strategy: z.literal('local_password'),
  language: LanguageSchema.optional().describe(
    'The language of the screen the account is made on: its verification mail is written in it (the account keeps following the browser)',
  ),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const ListUsersQuerySchema = PageQuerySchema.extend({
  search: SearchQuerySchema,
  ids: IdListQuerySchema,
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

export const UsersWithPermissionQuerySchema = PageQuerySchema.extend({
  permission: PermissionNameSchema,
});

export const UserIdParamsSchema = z.object({ id: IdSchema });
export const UserIdPathSchema = z.object({ userId: IdSchema });

export const VerifyEmailBodySchema = z.object({ token: userText().min(1).max(200), email: EmailSchema });
export const RequestPasswordResetBodySchema = z.object({ email: EmailSchema });
export const ChangePasswordBodySchema = z.object({
  token: userText().min(1).max(200),
  password: PasswordSchema,
});
export const RequestEmailChangeBodySchema = z.object({ newEmail: EmailSchema });
export const ConfirmEmailChangeBodySchema = z.object({
  token: userText().min(1).max(200),
  newEmail: EmailSchema,
});
/** The link of the notice sent to the old address: its token and the address to restore. */
export const UndoEmailChangeBodySchema = z.object({
  token: userText().min(1).max(200),
  email: EmailSchema,
});
export const AdminEmailChangeBodySchema = z.object({ newEmail: EmailSchema });

export const UpdatePermissionsBodySchema = SystemPermissionsSchema.partial().refine(
  (value) => Object.keys(value).length > 0,
  'At least one permission must be given.',
);
export type UpdatePermissionsBody = z.infer<typeof UpdatePermissionsBodySchema>;

export const BulkUpdatePermissionsBodySchema = z.object({
  updates: z
    .array(z.object({ userId: IdSchema, permissions: UpdatePermissionsBodySchema }))
    .min(1)
    .max(100),
});
export type BulkUpdatePermissionsBody = z.infer<typeof BulkUpdatePermissionsBodySchema>;

/** Answer of calls that only confirm they were done. */
export const OkSchema = z.object({ message: z.string() });

/** The signed-in user's own settings; `language: null` follows the browser. */
export const UserPreferencesSchema = z.object({
  language: LanguageSchema.nullable(),
  notifyBeforeAutomaticEnd: z
    .boolean()
    .describe(
      'A mail 10 minutes before a session of this user ends automatically at its maximum length (decision 21); off unless switched on',
    ),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/** The settings to change; the others stay as they are. */
export const UpdateUserPreferencesBodySchema = UserPreferencesSchema.partial().refine(
  (value) => Object.keys(value).length > 0,
  'At least one setting must be given.',
);
export type UpdateUserPreferencesBody = z.infer<typeof UpdateUserPreferencesBodySchema>;
