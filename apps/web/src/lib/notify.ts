import { toast } from '@heroui/react';

/** Toasts last 5 seconds (spec 01 §2, §9). */
export const TOAST_TIMEOUT_MS = 5000;

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description, timeout: TOAST_TIMEOUT_MS });
}

export function notifyError(title: string, description?: string): void {
  toast.danger(title, { description, timeout: TOAST_TIMEOUT_MS });
}

export function notifyWarning(title: string, description?: string): void {
  toast.warning(title, { description, timeout: TOAST_TIMEOUT_MS });
}
