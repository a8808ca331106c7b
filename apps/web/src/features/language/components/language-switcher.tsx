import { Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, useLanguage } from '../hooks/use-language.ts';

/**
 * English or Deutsch on the sign-in screen, one press each (signed in, the user menu offers the
 * same). Plain buttons: a menu would add its whole library to the first screen's download.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, choose } = useLanguage();
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('language.menu')}</legend>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="sm"
          variant={language === current ? 'secondary' : 'ghost'}
          aria-pressed={language === current}
          lang={language}
          onPress={() => choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </fieldset>
  );
}
