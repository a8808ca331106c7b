import { toast } from '@heroui/react';

/** Toasts last 5 seconds (spec 01 §2, §9). */
export const TOAST_TIMEOUT_MS = 5000;

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description, timeout: TOAST_TIMEOUT_MS });
}

/** A failure toast; a server message as its description is shown in human words. */
export function notifyError(title: string, description?: string): void {
  toast.danger(title, {
    description: description === undefined ? undefined : wordServerText(description),
    timeout: TOAST_TIMEOUT_MS,
  });
}

let word = (text: string) => text;

/**
 * How shared error displays (failure toasts, load errors) word a server message they are given:
 * in human words (i18n/server-message.ts). Set by the signed-in app, so the sign-in screen, whose
 * own texts are worded already, does not load the mapping through them (decision 4). Kept here,
 * beside the toasts: a module of its own would be one more download on that screen.
 */
export function setServerWording(wording: (text: string) => string): void {
  word = wording;
}

/** A server message as a person should read it, once the signed-in app has set the wording. */
export function wordServerText(text: string): string {
  return word(text);
}

export function notifyWarning(title: string, description?: string): void {
  toast.warning(title, { description, timeout: TOAST_TIMEOUT_MS });
}

/** News for the user that needs no action right away, such as their turn on a wait list. */
export function notifyInfo(title: string, description?: string): void {
  toast.info(title, { description, timeout: TOAST_TIMEOUT_MS });
}
