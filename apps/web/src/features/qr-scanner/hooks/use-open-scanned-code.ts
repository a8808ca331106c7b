import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import { playScanBeep } from '../scan-beep.ts';
import { scannedCodeTarget } from '../scanned-code-target.ts';

/**
 * Follows a scanned code: an address of this app is opened (and `onOpened` closes the scanner),
 * anything else is refused with a toast (spec 01 §2).
 */
export function useOpenScannedCode(onOpened: () => void): (value: string) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (value: string) => {
      playScanBeep();
      const target = scannedCodeTarget(value, window.location.origin);
      if (target.kind === 'navigate') {
        onOpened();
        void navigate(target.path);
      } else if (target.kind === 'wrong-origin') {
        notifyError(t('qrScanner.wrongOrigin.title'), t('qrScanner.wrongOrigin.message'));
      } else {
        notifyError(t('qrScanner.notAUrl.title'), t('qrScanner.notAUrl.message'));
      }
    },
    [navigate, onOpened, t],
  );
}
