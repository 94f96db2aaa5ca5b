/**
 * The style of a print-only sheet (a statement, an export's rows; receipts have their own): hidden
 * on screen; on paper all there is, black on white whatever the theme, its tables ruled and its
 * amounts to the right. `rules` are the sheet's own, written under its class.
 */
export function printSheetCss(sheet: string, { font, cellPadding, rules }: { font: string; cellPadding: string; rules: string }): string {
  const s = `.${sheet}`;
  return `
${s} { display: none; }
@media print {
  body > *:not(${s}) { display: none !important; }
  ${s} { display: block; color: #000; background: #fff; font: ${font} system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  ${s} table { width: 100%; border-collapse: collapse; }
  ${s} th, ${s} td { border-bottom: 0.5pt solid #999; padding: ${cellPadding}; text-align: left; vertical-align: top; }
  ${s} .sb-amount { text-align: right; white-space: nowrap; }
  ${rules.trim().split('\n').map((rule) => `${s} ${rule.trim()}`).join('\n  ')}
}`;
}
