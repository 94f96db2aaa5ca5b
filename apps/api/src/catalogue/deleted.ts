/** What a successful delete answers. */
export const DELETED = { message: 'Deleted.' } as const;
