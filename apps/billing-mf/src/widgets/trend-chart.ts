import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { figureColour, type ChartFigure } from '../charts/figure-colours';
import { hoverValues } from '../charts/hover-values';

/** A line of the trend: its name, one value per day (exact, as the API gives it), and which figure it is (its colour). */
export interface TrendLine {
  label: string;
  values: readonly string[];
  figure: ChartFigure;
  dashed?: boolean;
}

const HEIGHT = 120;

/**
 * Draws a small chart of daily lines into `element` (uPlot on a canvas, no axes but a zero base),
 * with the day's values beside the pointer (`day` names it, `money` writes the amounts), resized
 * with its container; answers a function that removes it. Loaded only when the dashboard's trend
 * widget has its data, so uPlot never delays the dashboard's first paint.
 */
export function drawTrend(element: HTMLElement, name: string, lines: readonly TrendLine[], day: (index: number) => string, money: (amount: string) => string): () => void {
  const days = lines[0]?.values.length ?? 0;
  const colours = lines.map((line) => figureColour(element, line.figure));
  const width = () => Math.max(element.clientWidth, 160);
  const chart = new uPlot(
    {
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, y: false, points: { size: 6 } },
      plugins: [
        hoverValues((index) => ({
          title: day(index),
          lines: lines.map((line, at) => ({ label: line.label, value: money(line.values[index] ?? '0'), color: colours[at]!, dashed: line.dashed })),
        })),
      ],
      axes: [{ show: false }, { show: false }],
      scales: {
        x: { time: false, range: () => [0, Math.max(days - 1, 1)] },
        y: { range: (_, min, max) => (Math.max(0, max) === Math.min(0, min) ? [0, 1] : [Math.min(0, min), Math.max(0, max) * 1.1]) },
      },
      series: [{}, ...lines.map((line, at) => ({ label: line.label, stroke: colours[at], width: 2, dash: line.dashed ? [5, 4] : undefined, points: { show: false } }))],
    },
    [Array.from({ length: days }, (_, index) => index), ...lines.map((line) => line.values.map(Number))],
    element,
  );
  const canvas = chart.root.querySelector('canvas');
  canvas?.setAttribute('role', 'img');
  canvas?.setAttribute('aria-label', name);
  const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
