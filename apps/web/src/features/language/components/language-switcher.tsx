import { Button, Dropdown, Label } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LanguageIcon } from '../../../components/icons.tsx';
import { LANGUAGE_NAMES, LANGUAGES, useLanguage } from '../hooks/use-language.ts';

/** English or Deutsch, for the sign-in screen (signed in, the user menu offers the same). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, choose } = useLanguage();
  return (
    <Dropdown>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('language.label', { language: LANGUAGE_NAMES[current] })}
      >
        <LanguageIcon />
        {LANGUAGE_NAMES[current]}
      </Button>
      <Dropdown.Popover placement="bottom end">
        <Dropdown.Menu
          aria-label={t('language.menu')}
          selectionMode="single"
          selectedKeys={[current]}
          onAction={(key) => {
            const language = LANGUAGES.find((candidate) => candidate === key);
            if (language) choose(language);
          }}
        >
          {LANGUAGES.map((language) => (
            <Dropdown.Item key={language} id={language} textValue={LANGUAGE_NAMES[language]} lang={language}>
              <Label>{LANGUAGE_NAMES[language]}</Label>
              <Dropdown.ItemIndicator />
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown.Popover>
    </Dropdown>
  );
}
