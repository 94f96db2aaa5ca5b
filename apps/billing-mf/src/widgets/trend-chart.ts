import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A line of the trend: its name, one value per day, and how it is drawn. */
export interface TrendLine {
  label: string;
  values: readonly number[];
  /** A CSS colour (the shell's tokens, read when drawn). */
  color: string;
  dashed?: boolean;
}

const HEIGHT = 120;

/**
 * Draws a small chart of daily lines into `element` (uPlot on a canvas, no axes but a zero base),
 * resized with its container; answers a function that removes it. Loaded only when the dashboard's
 * trend widget has its data, so uPlot never delays the dashboard's first paint.
 */
export function drawTrend(element: HTMLElement, name: string, lines: readonly TrendLine[]): () => void {
  const days = lines[0]?.values.length ?? 0;
  const width = () => Math.max(element.clientWidth, 160);
  const chart = new uPlot(
    {
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      axes: [{ show: false }, { show: false }],
      scales: {
        x: { time: false, range: () => [0, Math.max(days - 1, 1)] },
        y: { range: (_, min, max) => (Math.max(0, max) === Math.min(0, min) ? [0, 1] : [Math.min(0, min), Math.max(0, max) * 1.1]) },
      },
      series: [{}, ...lines.map((line) => ({ label: line.label, stroke: line.color, width: 2, dash: line.dashed ? [5, 4] : undefined, points: { show: false } }))],
    },
    [Array.from({ length: days }, (_, index) => index), ...lines.map((line) => [...line.values])],
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
