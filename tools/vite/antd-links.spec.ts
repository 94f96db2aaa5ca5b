import { scopeAntdLinks } from './antd-links';

/** Runs the plugin's rule hook on one rule of `file`; the rule's selectors after it. */
function scoped(selectors: string[], file = '/repo/node_modules/antd/dist/antd.css?transform-only'): string[] {
  const rule = { selectors, source: { input: { file } } };
  scopeAntdLinks().Rule(rule);
  return rule.selectors;
}

describe('scopeAntdLinks (antd.css styles only the links inside antd)', () => {
  it("scopes antd's page-wide link rules to links inside, or being, an antd component", () => {
    expect(scoped(['a'])).toEqual([':where([class^="ant-"], [class*=" ant-"]) a', 'a:where([class^="ant-"], [class*=" ant-"])']);
    expect(scoped(['a:active', 'a:hover'])).toEqual([
      ':where([class^="ant-"], [class*=" ant-"]) a:active',
      'a:where([class^="ant-"], [class*=" ant-"]):active',
      ':where([class^="ant-"], [class*=" ant-"]) a:hover',
      'a:where([class^="ant-"], [class*=" ant-"]):hover',
    ]);
    expect(scoped(['a[disabled]'])).toEqual([':where([class^="ant-"], [class*=" ant-"]) a[disabled]', 'a:where([class^="ant-"], [class*=" ant-"])[disabled]']);
  });

  it("leaves antd's component rules, and every other stylesheet, as they are", () => {
    expect(scoped(['.ant-btn', 'a:hover .ant-badge .ant-badge-count', '.ant-typography a'])).toEqual(['.ant-btn', 'a:hover .ant-badge .ant-badge-count', '.ant-typography a']);
    expect(scoped(['a'], '/repo/apps/shell/src/styles/global.css')).toEqual(['a']);
  });
});
