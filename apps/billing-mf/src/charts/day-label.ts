const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A day of a chart (a business day, YYYY-MM-DD) as its axis and hover box write it: "28 Nov", on the dashboard and Reports alike. */
export const dayLabel = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));
