import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useShell } from '@stockbook/shell-context';
import { ThemedAntd } from '@stockbook/ui/antd';

/**
 * antd's default text colours for descriptions, placeholders and errors, and white text on the
 * dark theme's light primary, fall short of WCAG AA contrast; the shell's antd screens (sign-in
 * pages, the /x frame) raise them. Nested in ThemedAntd, so the algorithm and primary colour stay.
 */
const CONTRAST: Record<'light' | 'dark', ThemeConfig> = {
  light: {
    token: {
      colorTextDescription: 'rgba(0, 0, 0, 0.65)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      colorError: '#c8161d',
      colorErrorText: '#c8161d',
      // Hovered and pressed primary buttons darken (antd lightens them: white text on #307de3 is 4.1:1).
      colorPrimaryHover: '#0a4fb8',
      colorPrimaryActive: '#08409a',
    },
  },
  dark: {
    token: {
      colorTextDescription: 'rgba(255, 255, 255, 0.68)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.56)',
      colorError: '#ff7b72',
      colorErrorText: '#ff7b72',
      // Text on the primary colour (#4493f8): dark, as in the shell's own primary buttons.
      colorTextLightSolid: '#0d1117',
    },
    // The sidebar's selected item: light text on its blue-grey background.
    components: { Menu: { itemSelectedColor: '#e6edf3' } },
  },
};

/** ThemedAntd with the contrast the shell's own antd screens need. */
export function ShellAntd({ children }: { children: ReactNode }) {
  const { theme } = useShell();
  return (
    <ThemedAntd>
      <ConfigProvider theme={CONTRAST[theme.resolved]}>{children}</ConfigProvider>
    </ThemedAntd>
  );
}
