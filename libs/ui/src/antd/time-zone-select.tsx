import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { browserTimeZone } from '../browser-time-zone';

/** Every time zone the browser knows, with its offset now ("Asia/Kolkata (GMT+5:30)"). */
function timeZoneOptions(): { value: string; label: string }[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()];
  const now = new Date();
  return [...new Set(['UTC', ...names])].map((name) => {
    let offset = '';
    try {
      offset = new Intl.DateTimeFormat('en-GB', { timeZone: name, timeZoneName: 'shortOffset' }).formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? '';
    } catch {
      offset = '';
    }
    return { value: name, label: offset && offset !== name ? `${name.replace(/_/g, ' ')} (${offset})` : name.replace(/_/g, ' ') };
  });
}

/** A searchable choice of time zone (issue 22, rule 4): the business's days are its calendar days. */
export function TimeZoneSelect(props: Omit<SelectProps<string>, 'options' | 'showSearch'>) {
  const options = useMemo(() => timeZoneOptions(), []);
  return <Select<string> {...props} showSearch={{ optionFilterProp: 'label' }} options={options} />;
}
