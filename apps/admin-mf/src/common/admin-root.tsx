import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { ThemedAntd } from '@stockbook/ui/antd';

/**
 * antd's derived greys (descriptions, placeholders), its link colour and white text on the dark
 * theme's primary fall under WCAG AA contrast (4.5:1); these tokens lift them. They belong in
 * `ThemedAntd` itself (libs/ui) and are kept here until they move there.
 */
const CONTRAST: Record<'light' | 'dark', ThemeConfig> = {
  light: {
    token: {
      colorLink: '#0b5cd5',
      // antd lightens the primary on hover, under 4.5:1 behind white text: darken instead.
      colorPrimaryHover: '#094bb0',
      colorError: '#cf1322',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    },
  },
  dark: {
    token: {
      colorLink: '#4493f8',
      colorError: '#ff7875',
      colorTextDescription: 'rgba(255, 255, 255, 0.65)',
      colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    },
    components: { Button: { primaryColor: '#0d1117', dangerColor: '#0d1117' } },
  },
};

function Contrast({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // The dark algorithm's base background is black, the default one's white.
  const dark = token.colorBgBase.toLowerCase() === '#000' || token.colorBgBase.toLowerCase() === '#000000';
  return <ConfigProvider theme={CONTRAST[dark ? 'dark' : 'light']}>{children}</ConfigProvider>;
}

/** The root of every exposed screen: the shell's antd theme, with readable contrast. */
export function AdminRoot({ children }: { children: ReactNode }) {
  return (
    <ThemedAntd>
      <Contrast>{children}</Contrast>
    </ThemedAntd>
  );
}
