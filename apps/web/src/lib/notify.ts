import { toast } from '@heroui/react';
import i18n from 'i18next';
import { translateServerMessage } from '../i18n/server-message.ts';

/** Toasts last 5 seconds (spec 01 §2, §9). */
export const TOAST_TIMEOUT_MS = 5000;

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description, timeout: TOAST_TIMEOUT_MS });
}

/** A failure toast; a server message passed as the description is shown in human words. */
export function notifyError(title: string, description?: string): void {
  const shown =
    description === undefined ? undefined : translateServerMessage(i18n.t.bind(i18n), description);
  toast.danger(title, { description: shown, timeout: TOAST_TIMEOUT_MS });
}
