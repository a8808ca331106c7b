import { buttonVariants } from '@heroui/react';
import { LANGUAGES, type Language } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_NAMES } from '../../language/hooks/use-language.ts';
import { templateLanguageLink } from '../hooks/use-template-language.ts';

/**
 * Which language's templates are shown: each mail exists in every language and is sent in the
 * recipient's (decision 19). Links, so the choice is in the address and an unsaved draft is
 * guarded like any other navigation.
 */
export function TemplateLanguageSwitch({ path, current }: { path: string; current: Language }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('emailTemplates.language.label')} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted">{t('emailTemplates.language.label')}</span>
      {LANGUAGES.map((language) => (
        <Link
          key={language}
          to={templateLanguageLink(path, language)}
          lang={language}
          aria-current={language === current ? 'page' : undefined}
          className={buttonVariants({ size: 'sm', variant: language === current ? 'secondary' : 'ghost' })}
        >
          {LANGUAGE_NAMES[language]}
        </Link>
      ))}
    </nav>
  );
}
