// Constants without zod, so a page that only needs a number does not pull the schema library in.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
