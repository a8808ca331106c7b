import { Button, Dropdown, Label } from '@heroui/react';
import type { User } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronUpDownIcon } from '../../components/icons.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { LANGUAGE_NAMES, LANGUAGES, useLanguage } from '../../features/language/hooks/use-language.ts';
import { useSignIn } from '../../sign-in/sign-in-context.tsx';

/** Sidebar footer: who is signed in, with account settings and sign-out (spec 01 §2). */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { signOut } = useSignIn();
  const { current, choose } = useLanguage();
  return (
    <Dropdown>
      <Button
        variant="ghost"
        className="w-full justify-start gap-2"
        aria-label={t('userMenu.label', { username: user.username })}
      >
        <UserAvatar userId={user.id} username={user.username} className="size-7" />
        <span className="flex-1 truncate text-left">{user.username}</span>
        <ChevronUpDownIcon className="text-muted" />
      </Button>
      <Dropdown.Popover placement="top start" className="min-w-56">
        <Dropdown.Menu
          aria-label={t('userMenu.menu')}
          onAction={(key) => {
            if (key === 'logout') void signOut();
            const language = LANGUAGES.find((candidate) => key === `language-${candidate}`);
            if (language) choose(language);
          }}
        >
          <Dropdown.Section aria-label={t('language.menu')}>
            {LANGUAGES.map((language) => (
              <Dropdown.Item
                key={language}
                id={`language-${language}`}
                textValue={LANGUAGE_NAMES[language]}
                lang={language}
              >
                <CheckIcon className={language === current ? '' : 'invisible'} />
                <Label>{LANGUAGE_NAMES[language]}</Label>
                {language === current && <span className="sr-only">{t('language.current')}</span>}
              </Dropdown.Item>
            ))}
          </Dropdown.Section>
          <Dropdown.Item
            id="account-settings"
            href="/account-settings"
            textValue={t('userMenu.accountSettings')}
          >
            <Label>{t('userMenu.accountSettings')}</Label>
          </Dropdown.Item>
          <Dropdown.Item id="logout" textValue={t('userMenu.logout')} variant="danger">
            <Label>{t('userMenu.logout')}</Label>
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown.Popover>
    </Dropdown>
  );
}
