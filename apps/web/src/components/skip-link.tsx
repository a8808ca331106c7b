import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of each layout's main element, the target of the skip link. */
const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key on every page: keyboard users jump past the navigation to the
 * content. Hidden until it has the focus.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-surface px-4 py-2 text-foreground shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50"
    >
      {t('skipToContent')}
    </a>
  );
}

/** A layout's main element: where the skip link leads, focusable by it but not by Tab. */
export function MainContent({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${className} outline-none`}>
      {children}
    </main>
  );
}
