/** "Don't show again" for the install dialog, kept in local storage (spec 01 §2). */
export const INSTALL_PROMPT_HIDDEN_KEY = 'install-prompt-hidden';

export function isInstallPromptHidden(): boolean {
  try {
    return localStorage.getItem(INSTALL_PROMPT_HIDDEN_KEY) === 'true';
  } catch {
    return false;
  }
}

export function hideInstallPromptForGood(): void {
  try {
    localStorage.setItem(INSTALL_PROMPT_HIDDEN_KEY, 'true');
  } catch {
    // Blocked storage: the dialog closes for this visit only.
  }
}
