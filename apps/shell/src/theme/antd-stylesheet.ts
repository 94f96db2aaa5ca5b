import href from 'antd/dist/antd.css?url';
import { ANTD_STYLESHEET_ATTRIBUTE } from '@stockbook/ui';

let loading: Promise<void> | undefined;

/**
 * antd's own static stylesheet (antd/dist/antd.css, every component's styles written with CSS
 * variables), loaded once by the routes that render antd (/x and /user) before they render.
 * With it in the page, ThemedAntd turns on antd's zero-runtime mode: components no longer build
 * and inject their styles while they first render, about 100 ms of a signed-in page's start on
 * this machine. The theme's tokens still reach the page as CSS variables, set at run time.
 *
 * The link goes before the app's own styles, where antd's run-time styles went, so global.css
 * still wins every tie. If the file cannot be loaded the link is taken out again and antd falls
 * back to styles built at run time: the page looks the same, only slower to start.
 */
export function loadAntdStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // As route-preload.js's hint asks for it, so the hinted download is the one used.
    link.crossOrigin = 'anonymous';
    link.setAttribute(ANTD_STYLESHEET_ATTRIBUTE, '');
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        link.remove();
        resolve();
      },
      { once: true },
    );
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  });
  return loading;
}
