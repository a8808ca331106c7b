// Constants without zod, so a page that only needs a number does not pull the schema library in.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** Text lengths the forms show a counter for as they near them (issue 13). */
export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const NOTES_MAX_LENGTH = 2_000;
export const COMMENT_MAX_LENGTH = 2_000;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
