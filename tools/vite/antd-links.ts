/** antd's static stylesheet, as the shell loads it (apps/shell/src/theme/antd-stylesheet.ts). */
const ANTD_STYLESHEET = /[\\/]antd[\\/]dist[\\/]antd\.css(\?|$)/;
/** A selector of links alone: `a`, `a:hover`, `a[disabled]` (no other element in it). */
const LINK_ONLY = /^a((:[a-z-]+)|(\[[^\]]+\]))*$/;
/** Inside an antd component, or the component itself; `:where` keeps the selector's weight. */
const IN_ANTD = ':where([class^="ant-"], [class*=" ant-"])';

interface SelectorRule {
  selectors: string[];
  source?: { input: { file?: string } };
}

/**
 * antd's static stylesheet styles every link of the page (`a { color: var(--ant-color-link);
 * text-decoration: var(--ant-link-decoration) }` and its states), where antd's run-time styles
 * styled only links inside its components. This PostCSS plugin scopes those rules again: a link
 * inside an antd component, or one that is a component, keeps antd's look; any other link (the
 * public site, the docs, after an antd page was seen) keeps its own, underlined as the
 * accessibility checks require.
 */
export function scopeAntdLinks() {
  return {
    postcssPlugin: 'stockbook-scope-antd-links',
    Rule(rule: SelectorRule) {
      if (!ANTD_STYLESHEET.test(rule.source?.input.file ?? '')) return;
      if (!rule.selectors.some((selector) => LINK_ONLY.test(selector))) return;
      rule.selectors = rule.selectors.flatMap((selector) =>
        LINK_ONLY.test(selector) ? [`${IN_ANTD} ${selector}`, `a${IN_ANTD}${selector.slice(1)}`] : [selector],
      );
    },
  };
}
