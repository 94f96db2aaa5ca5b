import { QueryFailedError } from 'typeorm';

/** The unique index a failed insert or update ran into, if that is why it failed. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? driverError.constraint : undefined;
}

/** Runs `work`; a violation of one of `conflicts`' indexes becomes its error. */
export async function withUniqueConflicts<T>(work: () => Promise<T>, conflicts: Record<string, Error>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    throw (index && conflicts[index]) || error;
  }
}
