import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveTheme, THEME_PREFERENCES, THEME_STORAGE_KEY, type ThemePreference } from '@stockbook/shell-context';

const bootScript = readFileSync(path.join(__dirname, '../../public/theme-boot.js'), 'utf8');

/** Runs public/theme-boot.js against a stand-in window and returns the theme it put on <html>. */
function runBoot(stored: string | null, systemDark: boolean, storageThrows = false): string | undefined {
  const attributes: Record<string, string> = {};
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  new Function('window', 'document', bootScript)(window, document);
  return attributes['data-theme'];
}

describe('theme-boot.js (the pre-paint theme)', () => {
  it.each(THEME_PREFERENCES.flatMap((preference) => [true, false].map((dark) => [preference, dark] as const)))(
    'paints what the shell would for %s with a dark system = %s',
    (preference: ThemePreference, systemDark: boolean) => {
      expect(runBoot(preference, systemDark)).toBe(resolveTheme(preference, systemDark));
    },
  );

  it('follows the system when nothing (or nonsense) is stored', () => {
    expect(runBoot(null, true)).toBe('dark');
    expect(runBoot('purple', false)).toBe('light');
  });

  it('still paints when storage is blocked', () => {
    expect(runBoot(null, true, true)).toBe('dark');
  });
});
