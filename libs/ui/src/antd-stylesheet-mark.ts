/**
 * The attribute that marks antd's static stylesheet in <head>: the shell sets it on the link it
 * adds (apps/shell/src/theme/antd-stylesheet.ts), and ThemedAntd turns antd's zero-runtime mode
 * on when it finds it.
 */
export const ANTD_STYLESHEET_ATTRIBUTE = 'data-antd-stylesheet';

/** Whether antd's static stylesheet is in this page. */
export const hasAntdStylesheet = (): boolean =>
  typeof document !== 'undefined' && document.querySelector(`link[${ANTD_STYLESHEET_ATTRIBUTE}]`) !== null;
