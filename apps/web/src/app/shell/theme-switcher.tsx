import { Button, Dropdown, Label } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { MonitorIcon, MoonIcon, SunIcon } from '../../components/icons.tsx';
import { THEMES, type ThemeChoice, useThemeChoice } from '../theme-context.tsx';

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } satisfies Record<ThemeChoice, unknown>;

/** Light, dark or system theme (spec 01 §1). */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeChoice();
  const CurrentIcon = ICONS[theme];
  return (
    <Dropdown>
      <Button
        isIconOnly
        variant="ghost"
        size="sm"
        aria-label={t('theme.label', { theme: t(`theme.${theme}`) })}
      >
        <CurrentIcon />
      </Button>
      <Dropdown.Popover placement="top start">
        <Dropdown.Menu
          aria-label={t('theme.menu')}
          selectionMode="single"
          selectedKeys={[theme]}
          onAction={(key) => {
            const choice = THEMES.find((candidate) => candidate === key);
            if (choice) setTheme(choice);
          }}
        >
          {THEMES.map((choice) => {
            const Icon = ICONS[choice];
            return (
              <Dropdown.Item key={choice} id={choice} textValue={t(`theme.${choice}`)}>
                <Icon />
                <Label>{t(`theme.${choice}`)}</Label>
                <Dropdown.ItemIndicator />
              </Dropdown.Item>
            );
          })}
        </Dropdown.Menu>
      </Dropdown.Popover>
    </Dropdown>
  );
}
