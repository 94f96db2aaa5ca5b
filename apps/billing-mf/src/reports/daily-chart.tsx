import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useOptionalShell } from '@stockbook/shell-context';
import { dayLabel } from '../charts/day-label';
import { figureColour, figureColourCss, type ChartFigure } from '../charts/figure-colours';
import { hoverValues } from '../charts/hover-values';

/** One line of a daily chart: its name, its value per day, and which figure it is (its colour). */
export interface DailySeries {
  label: string;
  /** One per day, as the API gives them (decimal strings). */
  values: readonly string[];
  figure: ChartFigure;
  /** Dashed, so the lines differ by more than colour. */
  dashed?: boolean;
}

const HEIGHT = 240;

interface DailyChartProps {
  name: string;
  dates: readonly string[];
  series: readonly DailySeries[];
  /** An exact amount as people read it (the hover box). */
  money(amount: string): string;
  /** A scale's tick in the currency ("£1.5k"). */
  axisMoney(value: number): string;
}

/**
 * A chart of amounts per day, drawn by uPlot on a canvas: created when shown, drawn again when
 * the data or the theme changes, resized with its container, destroyed when it goes. The amounts
 * axis is in the currency, and the values of the day under the pointer show beside it. The canvas
 * is an image named `name`; the caller gives the text alternative (a table of the same points).
 * The days are the x positions 0..n-1 (labelled with their dates), so a one-day report is a point.
 * Drawing turns the exact decimals into floats: only the chart does; the figures stay exact.
 */
export function DailyChart({ name, dates, series, money, axisMoney }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const shellTheme = useOptionalShell()?.theme.resolved;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const font = `${token.fontSizeSM}px ${token.fontFamily}`;
    const axis = { stroke: token.colorTextSecondary, font, grid: { stroke: token.colorBorderSecondary, width: 1 }, ticks: { stroke: token.colorBorderSecondary, width: 1 } };
    const colours = series.map((one) => figureColour(element, one.figure));
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, y: false, points: { size: 8 } },
        plugins: [
          hoverValues((index) => ({
            title: dates[index] ? dayLabel(dates[index]) : '',
            lines: series.map((one, at) => ({ label: one.label, value: money(one.values[index] ?? '0'), color: colours[at]!, dashed: one.dashed })),
          })),
        ],
        scales: {
          x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
          y: {
            range: (_, min, max) => {
              const low = Math.min(0, min);
              const high = Math.max(0, max);
              return low === high ? [0, 1] : uPlot.rangeNum(low, high, 0.1, true);
            },
          },
        },
        axes: [
          {
            ...axis,
            // Whole days only, as many labels as fit (one every 70 px or so).
            splits: (plot) => {
              const step = Math.max(1, Math.ceil(dates.length / Math.max(2, Math.floor(plot.bbox.width / devicePixelRatio / 70))));
              return dates.map((_, index) => index).filter((index) => index % step === 0);
            },
            values: (_, splits) => splits.map((index) => (dates[index] ? dayLabel(dates[index]) : '')),
          },
          { ...axis, size: 64, values: (_, splits) => splits.map((value) => axisMoney(value)) },
        ],
        series: [
          {},
          ...series.map((one, at) => ({
            label: one.label,
            stroke: colours[at],
            width: 2,
            dash: one.dashed ? [6, 4] : undefined,
            points: { show: true, size: 6, stroke: colours[at], fill: colours[at] },
          })),
        ],
      },
      [dates.map((_, index) => index), ...series.map((one) => one.values.map(Number))],
      element,
    );
    const canvas = chart.root.querySelector('canvas');
    canvas?.setAttribute('role', 'img');
    canvas?.setAttribute('aria-label', name);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series, name, token, shellTheme, money, axisMoney]);

  return (
    <div>
      <ul aria-hidden="true" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', margin: '0 0 8px', padding: 0, color: token.colorTextSecondary }}>
        {series.map((one) => (
          <li key={one.label} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 20, borderTop: `2px ${one.dashed ? 'dashed' : 'solid'} ${figureColourCss(one.figure)}` }} />
            {one.label}
          </li>
        ))}
      </ul>
      <div ref={box} style={{ position: 'relative', width: '100%', minHeight: HEIGHT, overflow: 'hidden' }} />
    </div>
  );
}
