/**
 * Server messages exactly as the specification words them (spec 01 §5, §6, §8).
 * Clients compare against these, so they are part of the contract.
 */
export const Messages = {
  invalidInput: 'Invalid input data.',
  invalidTokenOrEmail: 'Invalid token or email.',
  unauthorized: 'Unauthorized',
  invalidCredentials: 'Unauthorized - Invalid credentials',
  emailNotVerified: 'Unauthorized - Email address not verified',
  forbiddenManageUsers: 'Forbidden - User does not have permission to manage users.',
  forbiddenAccessResource: 'Forbidden - User does not have permission to access this resource.',
  forbiddenInsufficientPermissions: 'Forbidden - Insufficient permissions',
  userNotFound: 'User not found.',
  emailAlreadyInUse: 'Email already in use',
  usernameAlreadyInUse: 'Username already in use',
  /** Registration's one conflict answer: which of the two is taken is not told (issue 12). */
  usernameOrEmailInUse: 'Username or email already in use',
  invalidEmailAddress: 'Invalid email address',
  tooManyRequests: 'Too many requests - please wait a moment and try again.',
  lastUserManager: 'At least one user must keep the permission to manage users.',
  notFound: 'Not Found',
  internalError: 'Internal Server Error',
  /** An integration's address (webhook, MQTT server, SSO provider) outside the allow list (decision 17). */
  hostNotAllowed: 'This address is not allowed by ALLOWED_INTEGRATION_HOSTS.',
  /** Why a test of an integration failed without an answer: never the system's error text. */
  couldNotConnect: 'Could not connect',
} as const;

/** Stable machine-readable codes where the specification names them (spec 01 §8). */
export const ErrorCodes = {
  emailAlreadyInUse: 'EMAIL_ALREADY_IN_USE',
  usernameAlreadyInUse: 'USERNAME_ALREADY_IN_USE',
  usernameOrEmailInUse: 'USERNAME_OR_EMAIL_IN_USE',
  userNotFound: 'USER_NOT_FOUND',
  insufficientPermissions: 'INSUFFICIENT_PERMISSIONS',
  invalidEmailFormat: 'INVALID_EMAIL_FORMAT',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidVerificationToken: 'UserEmailInvalidVerificationTokenException',
  hostNotAllowed: 'HOST_NOT_ALLOWED',
} as const;

/**
 * How the contract words the rules a zod code alone does not name. Here, without the schema
 * library, so a web page that only needs a text does not load it (issue 13).
 */
export const RuleMessages = {
  /** Why text with a NUL character is refused: PostgreSQL cannot store it. */
  nulInText: 'Must not contain NUL characters.',
  invisibleInName: 'Must not contain control or invisible characters.',
  usernameCharacters: 'Username must not contain spaces or @.',
  wholeNumber: 'Must be a positive whole number.',
} as const;
