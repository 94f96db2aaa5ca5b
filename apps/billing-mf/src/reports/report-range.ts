import dayjs, { type Dayjs } from 'dayjs';

/** A report's range as the picker holds it: the first and the last day (whole days). */
export type ReportRange = [Dayjs, Dayjs];

/** The range picker's presets: each ends today (the report reads "so far"). */
export const RANGE_PRESETS: readonly { label: string; soFar: boolean; range: (now: Dayjs) => ReportRange }[] = [
  { label: 'Today', soFar: false, range: (now) => [now.startOf('day'), now.endOf('day')] },
  { label: 'This week', soFar: true, range: (now) => [now.startOf('week'), now.endOf('day')] },
  { label: 'This month', soFar: true, range: (now) => [now.startOf('month'), now.endOf('day')] },
  { label: 'Last 30 days', soFar: false, range: (now) => [now.subtract(29, 'day').startOf('day'), now.endOf('day')] },
  { label: 'This year', soFar: true, range: (now) => [now.startOf('year'), now.endOf('day')] },
];

/** The screen's starting range: this month so far. */
export const defaultReportRange = (now: Dayjs = dayjs()): ReportRange => [now.startOf('month'), now.endOf('day')];


/**
 * The range in words, for the line above the statement: "This month so far: 1 Nov 2026 to 25 Nov 2026"
 * (the preset's name when the range is one: "so far" for this week, month and year), or "1 Mar 2026 to 3 Mar 2026".
 */
export function describeRange(range: ReportRange, now: Dayjs = dayjs()): string {
  const [from, to] = range;
  const day = (value: Dayjs) => value.format('D MMM YYYY');
  const dates = from.isSame(to, 'day') ? day(from) : `${day(from)} to ${day(to)}`;
  const preset = RANGE_PRESETS.find((one) => {
    const [start, end] = one.range(now);
    return start.isSame(from, 'day') && end.isSame(to, 'day');
  });
  if (!preset) return dates;
  return `${preset.label}${preset.soFar ? ' so far' : ''}: ${dates}`;
}
