import { useMemo, useSyncExternalStore } from 'react';
import {
  isThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ShellTheme,
  type ThemePreference,
} from '@stockbook/shell-context';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage blocked (private mode, policy): fall back to the default
  }
}

let preference: ThemePreference = readPreference();
const media = window.matchMedia(DARK_QUERY);

function currentResolved(): ResolvedTheme {
  return resolveTheme(preference, media.matches);
}

/** Puts the theme on <html>: the CSS variables and color-scheme follow `data-theme`. */
function applyToDocument(): void {
  const resolved = currentResolved();
  const root = document.documentElement;
  root.dataset.theme = resolved;
}

function emit(): void {
  applyToDocument();
  for (const listener of listeners) listener();
}

export function setThemePreference(next: ThemePreference): void {
  preference = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // the choice still holds for this page
  }
  emit();
}

media.addEventListener('change', () => {
  if (preference === 'system') emit();
});
// Another tab changed the preference: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== THEME_STORAGE_KEY) return;
  preference = readPreference();
  emit();
});
applyToDocument();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => `${preference}:${currentResolved()}`;

/** The shell's theme: the visitor's preference and what is on screen, live. */
export function useThemeState(): ShellTheme {
  const key = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    const [chosen, resolved] = key.split(':') as [ThemePreference, ResolvedTheme];
    return { preference: chosen, resolved, setPreference: setThemePreference };
  }, [key]);
}
