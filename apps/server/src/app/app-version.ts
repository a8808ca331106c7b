/** The app's version: what plugins' `toolpass` ranges are checked against, and what health reports. */
export const APP_VERSION = '0.1.0';
