import { useTheme } from '@heroui/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];

type ThemeState = { theme: ThemeChoice; setTheme: (theme: ThemeChoice) => void };

const ThemeContext = createContext<ThemeState | undefined>(undefined);

const isThemeChoice = (value: string): value is ThemeChoice => (THEMES as readonly string[]).includes(value);

/**
 * One owner of HeroUI's `useTheme` (it keeps its own state per call), stored under `heroui-theme`.
 * Also keeps `<meta name="theme-color">` black for dark and white for light (spec 01 §1).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { theme, resolvedTheme, setTheme } = useTheme('system');

  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', resolvedTheme === 'dark' ? '#000000' : '#ffffff');
  }, [resolvedTheme]);

  const value = useMemo(
    () => ({ theme: isThemeChoice(theme) ? theme : 'system', setTheme }),
    [theme, setTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useThemeChoice(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useThemeChoice needs a ThemeProvider');
  return state;
}
