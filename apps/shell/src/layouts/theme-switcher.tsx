import type { ReactNode } from 'react';
import { useShell, type ThemePreference } from '@stockbook/shell-context';
import { MonitorIcon, MoonIcon, SunIcon } from './icons';

export const THEME_OPTIONS: readonly { value: ThemePreference; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <SunIcon /> },
  { value: 'dark', label: 'Dark', icon: <MoonIcon /> },
  { value: 'system', label: 'System', icon: <MonitorIcon /> },
];

/** Light, Dark or System as a three-way switch: every choice visible, one click to change. */
export function ThemeSwitcher() {
  const { theme } = useShell();
  return (
    <div className="sb-theme-switcher" role="radiogroup" aria-label="Theme">
      {THEME_OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={theme.preference === option.value}
          aria-label={option.label}
          title={option.label}
          onClick={() => theme.setPreference(option.value)}
        >
          {option.icon}
        </button>
      ))}
    </div>
  );
}
