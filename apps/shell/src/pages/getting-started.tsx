import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { businessQueryOptions, invitationsQueryOptions, itemListQueryOptions, locationsQueryOptions, paginatedInvoicesQueryOptions, usersQueryOptions } from '@stockbook/api-client';
import type { CurrentUser } from '@stockbook/contracts';
import { isAdministrator } from '@stockbook/domain';
import { setupSteps } from './getting-started-steps';

const dismissedKey = (userId: string) => `stockbook-getting-started-dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The dashboard's getting-started list (issue 24, rule 1), for administrators until every step is
 * done or they dismiss it: each step a link to where it is done, ticked from the business's real
 * data (the queries the screens share, so a step done elsewhere is ticked on return).
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
  if (!enabled || !business.data || !locations.data || !items.data || !invoices.data || !users.data || !invitations.data) return null;
  const { steps, done } = setupSteps({
    contactDetails: Boolean(business.data.businessAddress || business.data.contactNumber),
    locations: locations.data.length,
    items: items.data.total,
    invoices: invoices.data.total,
    users: users.data.length,
    invitations: invitations.data.length,
    testReceipt: business.data.testReceiptPrintedAt !== null,
  });
  if (done) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user._id), '1');
    } catch {
      // storage blocked: hidden for this visit only
    }
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
