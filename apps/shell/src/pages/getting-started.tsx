import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { businessQueryOptions, invitationsQueryOptions, itemListQueryOptions, locationsQueryOptions, paginatedInvoicesQueryOptions, usersQueryOptions } from '@stockbook/api-client';
import type { CurrentUser } from '@stockbook/contracts';
import { isAdministrator } from '@stockbook/domain';
import { setupSteps } from './getting-started-steps';

/** Set once the list is over for this user on this device: dismissed, or every step done. */
const dismissedKey = (userId: string) => `stockbook-getting-started-dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** Remembers that the list is over, so later visits make none of its queries (storage blocked: this visit only). */
function rememberOver(userId: string): void {
  try {
    localStorage.setItem(dismissedKey(userId), '1');
  } catch {
    // storage blocked: over for this visit only
  }
}

/**
 * The dashboard's getting-started list (issue 24, rule 1), for administrators until every step is
 * done or they dismiss it: each step a link to where it is done, ticked from the business's real
 * data (the queries the screens share, so a step done elsewhere is ticked on return). Once every
 * step is done it is over for good, as when dismissed: later visits to the dashboard make none of
 * its six queries.
 */
export function GettingStarted({ user }: { user: CurrentUser }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(user._id));
  const enabled = isAdministrator(user) && !dismissed;
  const business = useQuery({ ...businessQueryOptions(), enabled });
  const locations = useQuery({ ...locationsQueryOptions(), enabled });
  const items = useQuery({ ...itemListQueryOptions({ page: 1, limit: 1 }), enabled });
  const invoices = useQuery({ ...paginatedInvoicesQueryOptions({ page: 1, limit: 1 }), enabled });
  const users = useQuery({ ...usersQueryOptions(), enabled });
  const invitations = useQuery({ ...invitationsQueryOptions(), enabled });
  const loaded = enabled && business.data && locations.data && items.data && invoices.data && users.data && invitations.data;
  const setup = loaded
    ? setupSteps({
        contactDetails: Boolean(business.data!.businessAddress || business.data!.contactNumber),
        locations: locations.data!.length,
        items: items.data!.total,
        invoices: invoices.data!.total,
        users: users.data!.length,
        invitations: invitations.data!.length,
        testReceipt: business.data!.testReceiptPrintedAt !== null,
      })
    : null;
  const over = setup?.done ?? false;
  useEffect(() => {
    if (over) rememberOver(user._id);
  }, [over, user._id]);
  if (!setup || setup.done) return null;
  const { steps } = setup;
  const dismiss = () => {
    rememberOver(user._id);
    setDismissed(true);
  };
  const required = steps.filter((step) => !step.optional);
  return (
    <section className="sb-getting-started" aria-labelledby="sb-getting-started-title">
      <div className="sb-getting-started-head">
        <h2 id="sb-getting-started-title">Getting started</h2>
        <span>
          {required.filter((step) => step.done).length} of {required.length} done
        </span>
      </div>
      <ol>
        {steps.map((step) => (
          <li key={step.key} className={step.done ? 'sb-step-done' : undefined}>
            <span aria-hidden="true" className="sb-step-mark">
              {step.done ? '✓' : ''}
            </span>
            <span>
              <Link to={step.to}>{step.label}</Link>
              {step.done && <span className="sb-sr-only"> (done)</span>}
              {step.optional && !step.done && <span className="sb-step-note"> (optional)</span>}
            </span>
          </li>
        ))}
      </ol>
      <button type="button" className="sb-button" onClick={dismiss}>
        Hide this list
      </button>
    </section>
  );
}
