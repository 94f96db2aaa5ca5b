import { useEffect } from 'react';
import type { PublicInvoiceResponse } from '@stockbook/contracts';
import { usePublicInvoice } from './public-invoice-fetch';
import { mapsSearchUrl, PUBLIC_INVOICE_COLUMNS, PUBLIC_INVOICE_TEXT as TEXT, publicInvoiceView } from './public-invoice-view';
import './public-invoice.css';

/**
 * /i/:id, the invoice a customer opens from their link (specification, section 2 "Public invoice
 * view"). Its own small entry (./main.tsx): plain React and CSS, no router, no antd, no remote, so
 * it opens fast on a phone. Fetched without credentials and without retry.
 */
export function PublicInvoicePage({ id }: { id: string | undefined }) {
  const invoice = usePublicInvoice(id);
  const loading = invoice.state === 'loading';

  useEffect(() => {
    if (loading) document.title = TEXT.loadingTitle;
    else if (invoice.state === 'done') document.title = `Invoice #${invoice.answer.invoice.invoiceNumber} | ${invoice.answer.business.businessName}`;
    else document.title = 'Invoice';
  }, [loading, invoice]);

  return (
    <main className="sb-pi" id="main">
      {invoice.state === 'no-id' ? (
        <Notice title={TEXT.noId} />
      ) : loading ? (
        <div className="sb-pi-state" role="status">
          <span className="sb-pi-spinner" aria-hidden="true" />
          <p className="sb-pi-state-title">{TEXT.loading}</p>
        </div>
      ) : invoice.state === 'done' ? (
        <InvoiceSheet answer={invoice.answer} />
      ) : (
        <Notice title={TEXT.errorTitle} text={TEXT.errorText} />
      )}
    </main>
  );
}

/** What a rendering failure (an answer of an unexpected shape) shows instead of a blank page. */
export function PublicInvoiceError() {
  return (
    <main className="sb-pi" id="main">
      <Notice title={TEXT.errorTitle} text={TEXT.errorText} />
    </main>
  );
}

function Notice({ title, text }: { title: string; text?: string }) {
  return (
    <div className="sb-pi-state">
      <h1 className="sb-pi-state-title">{title}</h1>
      {text && <p>{text}</p>}
    </div>
  );
}

/** Labelled figures, one a row (the invoice's totals; with credit notes, then the net and the balance). */
function Summary({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="sb-pi-summary" aria-label="Summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function InvoiceSheet({ answer }: { answer: PublicInvoiceResponse }) {
  const { invoice, business } = answer;
  const view = publicInvoiceView(invoice, business);
  const customer = invoice.customer;
  return (
    <article className="sb-pi-sheet" aria-labelledby="sb-pi-title">
      <header className="sb-pi-head">
        <div>
          <p className="sb-pi-business">{business.businessName}</p>
          <ul className="sb-pi-contact">
            {business.contactNumber && (
              <li>
                <a href={`tel:${business.contactNumber.replace(/\s+/g, '')}`}>{business.contactNumber}</a>
              </li>
            )}
            {business.businessEmail && (
              <li>
                <a href={`mailto:${business.businessEmail}`}>{business.businessEmail}</a>
              </li>
            )}
            {business.businessAddress && (
              <li>
                <a href={mapsSearchUrl(business.businessAddress)} target="_blank" rel="noreferrer">
                  {business.businessAddress}
                </a>
              </li>
            )}
          </ul>
        </div>
        <div className="sb-pi-meta">
          <h1 id="sb-pi-title">{view.title}</h1>
          <p>
            <time dateTime={invoice.createdAt}>{view.date}</time>
          </p>
          <p>
            <span className="sb-pi-label">{TEXT.paymentBy}</span> <span>{view.paymentBy}</span>
          </p>
          {view.dueDate && <p data-testid="public-due-date">{view.dueDate}</p>}
          <p className={view.cancelled ? 'sb-pi-status sb-pi-void' : invoice.settled ? 'sb-pi-status sb-pi-settled' : 'sb-pi-status sb-pi-unsettled'}>{view.status}</p>
        </div>
      </header>

      {view.cancelled && (
        <p className="sb-pi-cancelled" role="note">
          {TEXT.cancelled}
        </p>
      )}

      <section className="sb-pi-for" aria-labelledby="sb-pi-for">
        <h2 id="sb-pi-for">{TEXT.invoiceFor}</h2>
        {customer ? (
          <address>
            <span>{`${customer.firstName} ${customer.lastName}`.trim()}</span>
            {customer.email && <span>{customer.email}</span>}
            {customer.contactNumber && <span>{customer.contactNumber}</span>}
            {customer.address && <span>{customer.address}</span>}
          </address>
        ) : (
          <p>Walk-in customer</p>
        )}
      </section>

      <div className="sb-pi-table-wrap">
        <table className="sb-pi-table">
          <thead>
            <tr>
              {PUBLIC_INVOICE_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.name}</td>
                <td className="sb-pi-num">{line.quantity}</td>
                <td className="sb-pi-num">{line.price}</td>
                <td className="sb-pi-num">{line.discount}</td>
                <td className="sb-pi-num">{line.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {view.creditNotes.length === 0 ? (
        <Summary rows={view.summary} />
      ) : (
        <>
          <Summary rows={view.summary.slice(0, view.soldSummaryLength)} />
          <section className="sb-pi-list sb-pi-credit-notes" aria-labelledby="sb-pi-credit-notes">
            <h2 id="sb-pi-credit-notes">Credit notes</h2>
            <ul>
              {view.creditNotes.map((note) => (
                <li key={note.title}>
                  <span>
                    {note.title}, {note.date}
                    <small>{note.items}</small>
                    <small>Paid back {note.paidBack}</small>
                  </span>
                  <strong>{note.value}</strong>
                </li>
              ))}
            </ul>
          </section>
          <Summary rows={view.summary.slice(view.soldSummaryLength)} />
        </>
      )}

      {view.payments.length > 0 && (
        <section className="sb-pi-list sb-pi-payments" aria-labelledby="sb-pi-payments">
          <h2 id="sb-pi-payments">Payments</h2>
          <ul>
            {view.payments.map((payment, index) => (
              <li key={index}>
                <span>
                  {payment.method}, {payment.date}
                  {payment.detail && <small>{payment.detail}</small>}
                </span>
                <strong>{payment.amount}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}

      <footer className="sb-pi-footer">
        <p>{TEXT.thanks}</p>
        <nav aria-label="Stockbook">
          <a href="/terms-and-conditions">Terms and conditions</a>
          <a href="/">Home</a>
        </nav>
        <p className="sb-pi-note">{TEXT.computerGenerated}</p>
      </footer>
    </article>
  );
}
