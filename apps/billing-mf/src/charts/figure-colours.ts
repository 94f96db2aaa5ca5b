/**
 * One colour per figure wherever it is drawn (issue 24): Sales blue, Costs red (and dashed),
 * Profit or loss green, on the dashboard and on Reports alike. The colours are the shell's design
 * tokens (CSS variables, which follow the theme), read when a chart is drawn: a canvas needs
 * the colour itself.
 */
export const FIGURE_COLOUR_TOKENS = {
  sales: '--sb-primary',
  costs: '--sb-danger',
  profit: '--sb-success',
} as const;
export type ChartFigure = keyof typeof FIGURE_COLOUR_TOKENS;

/** The figure's colour as `element` sees it (its theme). */
export function figureColour(element: Element, figure: ChartFigure): string {
  return getComputedStyle(element).getPropertyValue(FIGURE_COLOUR_TOKENS[figure]).trim();
}

/** The same colour for CSS (a legend's swatch): it follows the theme by itself. */
export const figureColourCss = (figure: ChartFigure) => `var(${FIGURE_COLOUR_TOKENS[figure]})`;
