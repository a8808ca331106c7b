import { Button, Drawer } from '@heroui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import type { InstallDialogVariant } from './install-prompt-schedule.ts';
import { useManifestScreenshots } from './use-manifest-screenshots.ts';

const APP_ICON = '/icon-512-maskable.png';

function StepIcon({ children }: { children: ReactNode }) {
  return (
    <Icon width="1.25em" height="1.25em" className="inline-block shrink-0 align-text-bottom">
      {children}
    </Icon>
  );
}

/** Safari's share symbol: a box with an arrow leaving it upwards. */
const ShareIcon = () => (
  <StepIcon>
    <path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" />
  </StepIcon>
);
const AddToHomeIcon = () => (
  <StepIcon>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </StepIcon>
);
/** The three dots of Android browser menus. */
const MenuDotsIcon = () => (
  <StepIcon>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </StepIcon>
);

function Steps({ steps }: { steps: Array<{ icon: ReactNode; text: string }> }) {
  return (
    <ol className="flex flex-col gap-3">
      {steps.map(({ icon, text }, index) => (
        <li key={text} className="flex items-center gap-3">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground">
            {index + 1}
          </span>
          <span className="flex-1">{text}</span>
          {icon}
        </li>
      ))}
    </ol>
  );
}

function ScreenshotGallery() {
  const { t } = useTranslation();
  const formFactor = window.innerWidth < 768 ? 'narrow' : 'wide';
  const { data: screenshots = [] } = useManifestScreenshots(formFactor);
  if (screenshots.length === 0) return null;
  return (
    <section
      aria-label={t('installPrompt.screenshots')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the gallery.
      tabIndex={0}
      className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-2"
    >
      {screenshots.map((shot) => (
        <img
          key={shot.src}
          src={shot.src}
          alt={shot.label}
          loading="lazy"
          className={`shrink-0 snap-start rounded-lg border border-separator object-cover ${
            shot.formFactor === 'wide' ? 'h-48' : 'h-72'
          }`}
        />
      ))}
    </section>
  );
}

type InstallDialogProps = {
  variant: InstallDialogVariant;
  onInstall: () => void;
  onClose: () => void;
  onHideForGood: () => void;
};

/**
 * Bottom sheet that offers to put the app on the home screen (spec 01 §2): Chrome style with the
 * browser's install prompt behind a button, Apple and Android style with the steps to do it by hand.
 */
export default function InstallDialog({ variant, onInstall, onClose, onHideForGood }: InstallDialogProps) {
  const { t } = useTranslation();
  const steps =
    variant === 'apple'
      ? [
          { icon: <ShareIcon />, text: t('installPrompt.apple.share') },
          { icon: <AddToHomeIcon />, text: t('installPrompt.apple.addToHomeScreen') },
          { icon: null, text: t('installPrompt.apple.confirm') },
        ]
      : [
          { icon: <MenuDotsIcon />, text: t('installPrompt.android.menu') },
          { icon: <AddToHomeIcon />, text: t('installPrompt.android.install') },
          { icon: null, text: t('installPrompt.android.confirm') },
        ];

  return (
    <Drawer.Backdrop isOpen onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content placement="bottom">
        <Drawer.Dialog className="mx-auto w-full max-w-2xl">
          <Drawer.Handle />
          <Drawer.Header className="flex flex-row items-center gap-4">
            <img src={APP_ICON} alt="" width={56} height={56} className="size-14 shrink-0 rounded-2xl" />
            <div className="flex flex-col gap-1">
              <Drawer.Heading>{t('installPrompt.title')}</Drawer.Heading>
              <p className="text-sm text-muted">{t('installPrompt.description')}</p>
            </div>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-4">
            <ScreenshotGallery />
            {variant === 'chrome' ? (
              <p>{t('installPrompt.chrome.explanation')}</p>
            ) : (
              <>
                <p className="font-medium">{t('installPrompt.howTo')}</p>
                <Steps steps={steps} />
              </>
            )}
          </Drawer.Body>
          <Drawer.Footer className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onPress={onHideForGood}>
              {t('installPrompt.hideForGood')}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              {t('installPrompt.later')}
            </Button>
            {variant === 'chrome' && <Button onPress={onInstall}>{t('installPrompt.chrome.install')}</Button>}
          </Drawer.Footer>
        </Drawer.Dialog>
      </Drawer.Content>
    </Drawer.Backdrop>
  );
}
