import { App as AntdApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useOptionalShell, type ResolvedTheme } from '@stockbook/shell-context';
import { hasAntdStylesheet } from '../antd-stylesheet-mark';

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

/**
 * antd's algorithms, with the primary colour of the shell's CSS (global.css --sb-primary), and
 * the tokens antd derives under WCAG AA contrast (4.5:1) raised: descriptions, placeholders,
 * errors and links, hovered primary buttons (antd lightens them; white text on #307de3 is
 * 4.1:1, so they darken here) and text on the dark theme's light primary.
 */
/**
 * The one heading scale of the signed-in screens (the same sizes as global.css's --sb-h1..h3
 * for plain headings): a screen's title (h1), a part of it (h2), a group inside (h3).
 */
export const HEADING_SCALE = { fontSizeHeading1: 28, fontSizeHeading2: 20, fontSizeHeading3: 17, fontSizeHeading4: 16, fontSizeHeading5: 15 } as const;

const THEMES: Record<ResolvedTheme, ThemeConfig> = {
  light: {
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      ...HEADING_SCALE,
      colorPrimary: '#0b5cd5',
      borderRadius: 8,
      colorLink: '#0b5cd5',
      colorPrimaryHover: '#0a4fb8',
      colorPrimaryActive: '#08409a',
      colorError: '#c8161d',
      colorErrorText: '#c8161d',
      colorTextDescription: 'rgba(0, 0, 0, 0.65)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    },
  },
  dark: {
    algorithm: antdTheme.darkAlgorithm,
    token: {
      ...HEADING_SCALE,
      colorPrimary: '#4493f8',
      borderRadius: 8,
      colorLink: '#4493f8',
      colorError: '#ff7b72',
      colorErrorText: '#ff7b72',
      colorTextDescription: 'rgba(255, 255, 255, 0.68)',
      colorTextTertiary: 'rgba(255, 255, 255, 0.68)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
      colorTextLightSolid: '#0d1117',
    },
    components: {
      Button: { primaryColor: '#0d1117', dangerColor: '#0d1117' },
      // The sidebar's selected item: light text on its blue-grey background.
      Menu: { itemSelectedColor: '#e6edf3' },
    },
  },
};

/**
 * The same themes for a page that has antd's static stylesheet (the shell loads it for its antd
 * routes: apps/shell/src/theme/antd-stylesheet.ts): antd's zero-runtime mode, in which components
 * build no styles while they render. Without the stylesheet (a remote's own dev server, or the
 * file failed to load) antd builds them at run time as before.
 */
const ZERO_RUNTIME_THEMES: Record<ResolvedTheme, ThemeConfig> = {
  light: { ...THEMES.light, zeroRuntime: true },
  dark: { ...THEMES.dark, zeroRuntime: true },
};

/**
 * Wraps an antd screen (the shell's antd screens and each antd remote's root) in the shell's
 * theme: antd's dark algorithm when the visitor's theme is dark, live as it changes. Also
 * provides antd's App context (message, modal and notification bound to the theme).
 */
export function ThemedAntd({ children }: { children: ReactNode }) {
  const shell = useOptionalShell();
  const systemTheme = useSystemTheme();
  const resolved = shell?.theme.resolved ?? systemTheme;
  // Read once: antd does not allow the mode to change under a mounted component.
  const [zeroRuntime] = useState(hasAntdStylesheet);
  return (
    <ConfigProvider theme={(zeroRuntime ? ZERO_RUNTIME_THEMES : THEMES)[resolved]}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
