import type uPlot from 'uplot';

/** What the hover box says for one day: the day, then each line's name and value as people read it. */
export interface HoverText {
  title: string;
  lines: readonly { label: string; value: string; color: string; dashed?: boolean }[];
}

/**
 * A uPlot plugin showing the values under the pointer (issue 24: charts with values on hover): a
 * box beside the cursor with the day and each line's amount, formatted as the figures are
 * (`describe`), kept inside the plot and hidden when the pointer leaves. The chart's text
 * alternative (the table of points) still says the same to screen readers.
 */
export function hoverValues(describe: (index: number) => HoverText): uPlot.Plugin {
  let box: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (plot) => {
        box = document.createElement('div');
        box.className = 'sb-chart-hover';
        box.setAttribute('aria-hidden', 'true');
        box.hidden = true;
        plot.over.appendChild(box);
      },
      setCursor: (plot) => {
        if (!box) return;
        const index = plot.cursor.idx;
        const left = plot.cursor.left ?? -1;
        if (index === null || index === undefined || left < 0) {
          box.hidden = true;
          return;
        }
        const text = describe(index);
        const title = document.createElement('strong');
        title.textContent = text.title;
        box.replaceChildren(
          title,
          ...text.lines.map((line) => {
            const row = document.createElement('div');
            const swatch = document.createElement('span');
            swatch.className = 'sb-chart-hover-swatch';
            swatch.style.borderTop = `2px ${line.dashed ? 'dashed' : 'solid'} ${line.color}`;
            row.append(swatch, `${line.label}: ${line.value}`);
            return row;
          }),
        );
        box.hidden = false;
        const width = plot.over.clientWidth;
        const right = left + 12 + box.offsetWidth <= width;
        box.style.left = `${right ? left + 12 : Math.max(0, left - 12 - box.offsetWidth)}px`;
        box.style.top = `${Math.max(0, (plot.cursor.top ?? 0) - box.offsetHeight / 2)}px`;
      },
      destroy: () => {
        box?.remove();
        box = null;
      },
    },
  };
}
