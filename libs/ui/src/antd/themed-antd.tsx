import { App as AntdApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useOptionalShell, type ResolvedTheme } from '@stockbook/shell-context';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Outside the shell (a remote's own dev server) antd follows the operating system. */
function useSystemTheme(): ResolvedTheme {
  const dark = useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(DARK_QUERY);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(DARK_QUERY).matches,
  );
  return dark ? 'dark' : 'light';
}

/** antd's algorithms, with the primary colour of the shell's CSS (global.css --sb-primary). */
const THEMES: Record<ResolvedTheme, ThemeConfig> = {
  light: { algorithm: antdTheme.defaultAlgorithm, token: { colorPrimary: '#0b5cd5', borderRadius: 8 } },
  dark: { algorithm: antdTheme.darkAlgorithm, token: { colorPrimary: '#4493f8', borderRadius: 8 } },
};

/**
 * Wraps an antd screen (each antd remote's root) in the shell's theme: antd's dark algorithm
 * when the visitor's theme is dark, live as it changes. Also provides antd's App context
 * (message, modal and notification bound to the theme).
 */
export function ThemedAntd({ children }: { children: ReactNode }) {
  const shell = useOptionalShell();
  const systemTheme = useSystemTheme();
  const resolved = shell?.theme.resolved ?? systemTheme;
  return (
    <ConfigProvider theme={THEMES[resolved]}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
