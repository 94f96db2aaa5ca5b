import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { customersQueryOptions, itemListQueryOptions, searchInvoicesQueryOptions } from '@stockbook/api-client';
import { useMoney } from '@stockbook/ui/antd';
import type { PaletteFinderProps } from '../layouts/palette-types';

/** Where each finder's choice opens: the item's drawer over the list, the invoice's, the customer's page. */
export const itemPath = (id: string) => `/x/inventory/items/${encodeURIComponent(id)}`;
export const invoicePath = (id: string) => `/x/billing/invoices/${encodeURIComponent(id)}`;
export const customerPath = (id: string) => `/x/billing/customers/${encodeURIComponent(id)}`;

const ITEMS = 8;
const RECORDS = 5;

/** What is typed, settled (a deferred value), and whether it is enough to search: two characters, or a number for invoices. */
function useSearch(query: string, numbersFromOne = false) {
  const search = useDeferredValue(query.trim());
  return { search, enabled: search.length >= 2 || (numbersFromOne && /^#?\d+$/.test(search)) };
}

/** Which finders the palette shows: each only with the permission to open what it finds. */
export interface FinderChoice {
  items: boolean;
  invoices: boolean;
  customers: boolean;
}

/**
 * The palette's finders inside /x (issue 24, rule 4): items by the inventory list's own search
 * (name, category...), invoices by number or customer, customers by name, e-mail or phone; each
 * group from two characters (an invoice number from one), and choosing a result opens it.
 */
export function PaletteFinders({ query, onChoose, items, invoices, customers }: PaletteFinderProps & FinderChoice) {
  return (
    <>
      {items && <ItemFinder query={query} onChoose={onChoose} />}
      {invoices && <InvoiceFinder query={query} onChoose={onChoose} />}
      {customers && <CustomerFinder query={query} onChoose={onChoose} />}
    </>
  );
}

// The server has matched each result already: the typed text is one of its keywords, so cmdk's
// own filter keeps it even when it matched on something not shown (a category, an e-mail).

function ItemFinder({ query, onChoose }: PaletteFinderProps) {
  const { search, enabled } = useSearch(query);
  const found = useQuery({ ...itemListQueryOptions({ search, limit: ITEMS }), enabled, placeholderData: undefined });
  if (!enabled) return null;
  return (
    <Command.Group heading="Items">
      {found.isPending && <Command.Loading>Searching items…</Command.Loading>}
      {found.data?.items.map((item) => (
        <Command.Item key={item._id} value={`item ${item._id} ${item.itemName}`} keywords={[search]} onSelect={() => onChoose(itemPath(item._id))}>
          {item.itemName}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

function InvoiceFinder({ query, onChoose }: PaletteFinderProps) {
  const { search, enabled } = useSearch(query, true);
  const money = useMoney();
  const found = useQuery({ ...searchInvoicesQueryOptions({ search: search.replace(/^#/, ''), limit: RECORDS }), enabled, placeholderData: undefined });
  if (!enabled) return null;
  return (
    <Command.Group heading="Invoices">
      {found.isPending && <Command.Loading>Searching invoices…</Command.Loading>}
      {found.data?.map((invoice) => {
        const customer = invoice.customer ? `${invoice.customer.firstName} ${invoice.customer.lastName}`.trim() : 'Walk-in customer';
        return (
          <Command.Item key={invoice._id} value={`invoice ${invoice._id}`} keywords={[search]} onSelect={() => onChoose(invoicePath(invoice._id))}>
            <span>
              {`Invoice #${invoice.invoiceNumber}`}
              <span className="sb-palette-detail">{`${customer} · ${money(invoice.grandTotal)}`}</span>
            </span>
          </Command.Item>
        );
      })}
    </Command.Group>
  );
}

function CustomerFinder({ query, onChoose }: PaletteFinderProps) {
  const { search, enabled } = useSearch(query);
  const found = useQuery({ ...customersQueryOptions({ search, limit: RECORDS }), enabled, placeholderData: undefined });
  if (!enabled) return null;
  return (
    <Command.Group heading="Customers">
      {found.isPending && <Command.Loading>Searching customers…</Command.Loading>}
      {found.data?.map((customer) => (
        <Command.Item key={customer._id} value={`customer ${customer._id}`} keywords={[search]} onSelect={() => onChoose(customerPath(customer._id))}>
          <span>
            {`${customer.firstName} ${customer.lastName}`.trim()}
            {(customer.email || customer.contactNumber) && <span className="sb-palette-detail">{customer.email || customer.contactNumber}</span>}
          </span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}
