import { lazy, Suspense } from 'react';
import { useInstallPrompt } from './use-install-prompt.ts';

// The sheet, its gallery and the dialog code load only on a device that gets the dialog.
const InstallDialog = lazy(() => import('./install-dialog.tsx'));

/** Install-to-home-screen dialog (spec 01 §2): decides here, draws in a chunk of its own. */
export function InstallPrompt() {
  const { variant, close, hideForGood, install } = useInstallPrompt();
  if (!variant) return null;
  return (
    <Suspense>
      <InstallDialog variant={variant} onInstall={install} onClose={close} onHideForGood={hideForGood} />
    </Suspense>
  );
}
