import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter naming what a screen is asked to do when it opens: `?do=add-item`. */
export const ADDRESS_ACTION_PARAM = 'do';

/**
 * Does what the address asks of a screen as it opens (`?do=add-expense`, from the command
 * palette's actions): runs the matching handler once, then drops the parameter (replacing the
 * history entry), so a reload or Back does not ask again. An action the screen does not know, or
 * one its user may not take (the caller leaves it out of `actions`), is dropped unanswered.
 */
export function useAddressAction(actions: Partial<Record<string, () => void>>): void {
  const [params, setParams] = useSearchParams();
  const requested = params.get(ADDRESS_ACTION_PARAM);
  const answer = useEffectEvent((action: string) => actions[action]?.());
  useEffect(() => {
    if (requested === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADDRESS_ACTION_PARAM);
        return next;
      },
      { replace: true },
    );
    answer(requested);
  }, [requested, setParams]);
}
