/**
 * Server messages of resources, groups, usage and introductions, worded as the specification
 * words them where it does (spec 01 §5, §8; spec 02 §5, §8). Clients compare against these.
 */
export const ResourceMessages = {
  resourceNotFound: 'Resource not found',
  /** Ending a session on a resource that does not exist (spec 01 §8). */
  resourceOrSessionNotFound: 'Resource or session not found',
  resourceGroupNotFound: 'The resource group has not been found.',
  invalidPagination: 'Bad Request - Invalid pagination parameters',
  invalidInputOrNoActiveSession: 'Bad Request - Invalid input data or no active session',
  userNotAuthenticated: 'User is not authenticated',
  forbiddenIntroduceResource: 'User does not have permission to introduce users to this resource',
  forbiddenIntroduceResourceGroup: 'User does not have permission to introduce users to this resource group',
  forbiddenManageResources: 'Forbidden - User does not have permission to manage resources.',
  forbiddenUseResource: 'Forbidden - An introduction is required to use this resource.',
  forbiddenSearchUsers: 'Forbidden - Only resource managers, user managers and introducers may search users.',
  forbiddenOthersHistory: "Forbidden - User does not have permission to view other users' usage history.",
  resourceInUse: 'The resource is already in use.',
  takeOverNotAllowed: 'The resource is in use and does not allow takeover.',
  invalidImageType: 'Invalid file type - Please upload a valid image file (JPEG, PNG, WebP)',
  imageTooLarge: 'File too large - File size must be less than 10MB',
  imageTooManyPixels: 'Image too large - Images may have at most 40 megapixels',
  tooManyFiles: 'Only one image can be uploaded.',
  markdownRequired: 'Markdown content is required when Markdown type is selected',
  urlRequired: 'URL is required when URL type is selected',
  invalidUrl: 'Please enter a valid URL',
  positiveWholeNumber: 'Enter a whole number of at least 1, or leave it empty',
  /** Followed by the reason the manager gave (decision 21). */
  outOfOrderPrefix: 'The resource is out of order: ',
  reasonRequired: 'A reason is required',
  /** Followed by the date of the lapse, day/month/year. */
  introductionLapsedPrefix: 'Forbidden - Your introduction to this resource lapsed on ',
} as const;

/** The message of a start refused because the resource is out of order; it names the reason. */
export const outOfOrderMessage = (reason: string) => `${ResourceMessages.outOfOrderPrefix}${reason}`;

/** The message of a start refused because the introduction lapsed; it names the day (UTC). */
export function introductionLapsedMessage(lapsedAt: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${two(lapsedAt.getUTCDate())}/${two(lapsedAt.getUTCMonth() + 1)}/${lapsedAt.getUTCFullYear()}`;
  return `${ResourceMessages.introductionLapsedPrefix}${day}.`;
}

/** Notes of a session the server ended at its resource's maximum length. */
export const automaticEndNotes = (minutes: number) => `Ended automatically after ${minutes} minutes`;

export const ResourceErrorCodes = {
  resourceInUse: 'RESOURCE_IN_USE',
  takeOverNotAllowed: 'TAKEOVER_NOT_ALLOWED',
  invalidImageType: 'INVALID_FILE_TYPE',
  imageTooLarge: 'FILE_TOO_LARGE',
  imageTooManyPixels: 'IMAGE_TOO_MANY_PIXELS',
  outOfOrder: 'RESOURCE_OUT_OF_ORDER',
  introductionLapsed: 'INTRODUCTION_LAPSED',
} as const;
