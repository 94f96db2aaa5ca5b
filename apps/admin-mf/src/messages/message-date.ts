const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** When a message was sent or received, as the message lists show it. */
export const messageDateTime = (iso: string) => dateTime.format(new Date(iso));
