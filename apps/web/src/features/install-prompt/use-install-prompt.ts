import { useCallback, useEffect, useRef, useState } from 'react';
import { detectInstallPlatform, isRunningInstalled } from './install-platform.ts';
import { hasInstallPromptEvent, takeInstallPromptEvent } from './install-prompt-event.ts';
import { hideInstallPromptForGood, isInstallPromptHidden } from './install-prompt-hidden.ts';
import { type InstallDialogVariant, scheduleInstallDialog } from './install-prompt-schedule.ts';

/** Which install dialog is open, if any, and what its buttons do (spec 01 §2, §9). */
export function useInstallPrompt() {
  const [variant, setVariant] = useState<InstallDialogVariant>();
  const stopSchedule = useRef<() => void>(() => undefined);

  useEffect(() => {
    const stop = scheduleInstallDialog(
      {
        platform: detectInstallPlatform(navigator),
        isInstalled: isRunningInstalled(),
        isHidden: isInstallPromptHidden(),
        hasPromptEvent: hasInstallPromptEvent,
      },
      setVariant,
    );
    stopSchedule.current = stop;
    const onInstalled = () => {
      stop();
      setVariant(undefined);
    };
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      stop();
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  /** Closed for this visit; it comes back on the next one. */
  const close = useCallback(() => {
    stopSchedule.current();
    setVariant(undefined);
  }, []);

  const hideForGood = useCallback(() => {
    hideInstallPromptForGood();
    close();
  }, [close]);

  /** Hands over to the browser's own install prompt; it must open within the button press. */
  const install = useCallback(() => {
    const event = takeInstallPromptEvent();
    close();
    event?.prompt().catch(() => undefined);
  }, [close]);

  return { variant, close, hideForGood, install };
}
