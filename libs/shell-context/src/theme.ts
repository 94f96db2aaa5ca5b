/** What the visitor chose in the theme switcher; `system` follows the operating system live. */
export type ThemePreference = 'light' | 'dark' | 'system';
/** What is on screen. */
export type ResolvedTheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/**
 * localStorage key of the preference. `apps/shell/public/theme-boot.js` repeats it (it runs
 * before any bundle, to paint the right theme first); a unit test keeps the two in step.
 */
export const THEME_STORAGE_KEY = 'stockbook-theme';

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export interface ShellTheme {
  readonly preference: ThemePreference;
  readonly resolved: ResolvedTheme;
  setPreference(preference: ThemePreference): void;
}
