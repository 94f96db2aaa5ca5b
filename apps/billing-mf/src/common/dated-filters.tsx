import { DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import type { Location, PermissionAction } from '@stockbook/contracts';
import { useCalendar } from '@stockbook/ui/antd';
import { useActionLocations } from './sale-locations';

/**
 * The filters of a money table by date: a range (today to start with) and one location (the
 * working location to start with, when the user may `action` there) or all of them; and the
 * query bounds they make.
 */
export function useDatedFilters(action: PermissionAction) {
  const { locations, working } = useActionLocations(action);
  // Today in the business's time zone to start with (section 9; issue 22, rule 4); the days picked are its days.
  const calendar = useCalendar();
  const todayRange = (): [Dayjs, Dayjs] => [calendar.today(), calendar.today()];
  // Until someone picks dates, the range is today as the calendar knows it now: the business's
  // day once its time zone has loaded, not the day of whatever zone the first render guessed.
  const [picked, setPicked] = useState<[Dayjs, Dayjs] | null>(null);
  const range = picked ?? todayRange();
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const location = chosen === undefined ? working : (chosen ?? undefined);
  return {
    locations,
    working,
    range,
    setRange: (dates: [Dayjs, Dayjs] | null) => setPicked(dates),
    dateFormat: calendar.dateFormat,
    location,
    setLocation: (id: string | undefined) => setChosen(id ?? null),
    query: { ...calendar.bounds(range), locations: location ? [location] : undefined },
  };
}
export type DatedFilters = ReturnType<typeof useDatedFilters>;

/** The row above a dated table: the range picker, the location filter, then the screen's own filters and buttons. */
export function DatedFiltersBar({ filters, idPrefix, children }: { filters: DatedFilters; idPrefix: string; children?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
      <DatePicker.RangePicker
        aria-label="Dates"
        id={{ start: `${idPrefix}-from`, end: `${idPrefix}-to` }}
        format={filters.dateFormat}
        allowClear={false}
        value={filters.range}
        onChange={(dates) => filters.setRange(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : null)}
      />
      <Select
        aria-label="Location"
        data-testid={`${idPrefix}-location-filter`}
        style={{ minWidth: 200 }}
        allowClear
        placeholder="All locations"
        value={filters.location}
        onChange={filters.setLocation}
        options={filters.locations.map((one: Location) => ({ value: one._id, label: one.name }))}
      />
      {children}
    </div>
  );
}

/** A filter of a dated table by one of a few words (a category, a type), or all of them when cleared. */
export function WordFilter<T extends string>({
  label,
  all,
  words,
  value,
  onChange,
  labels,
}: {
  label: string;
  all: string;
  words: readonly T[];
  value: T | undefined;
  onChange(value: NoInfer<T> | undefined): void;
  /** What each word reads as, when not itself. */
  labels?: Readonly<Record<T, string>>;
}) {
  return (
    <Select
      aria-label={label}
      style={{ minWidth: 170 }}
      allowClear
      placeholder={all}
      value={value}
      onChange={(chosen: T | undefined) => onChange(chosen)}
      options={words.map((word) => ({ value: word, label: labels?.[word] ?? word }))}
    />
  );
}
