import { Suspense, useEffect } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { lazyExport, LoadingIndicator, useMountPath } from '@stockbook/ui';
import { SectionTabs, useCan, useCurrentUser } from '@stockbook/ui/antd';

// Each screen (and the antd components it uses) loads when first shown.
const SalePage = lazyExport(() => import('./sale/sale-page'), 'SalePage');

/** Loads the new sale (where Billing opens for those who sell) ahead of its first showing. */
export const preloadSaleScreen = () => SalePage.preload();
const InvoicesPage = lazyExport(() => import('./invoices/invoices-page'), 'InvoicesPage');
const CustomersPage = lazyExport(() => import('./customers/customers-page'), 'CustomersPage');
const TransfersPage = lazyExport(() => import('./transfers/transfers-page'), 'TransfersPage');
const ExpensesPage = lazyExport(() => import('./expenses/expenses-page'), 'ExpensesPage');
const LedgerPage = lazyExport(() => import('./ledger/ledger-page'), 'LedgerPage');
const ReportsPage = lazyExport(() => import('./reports/reports-page'), 'ReportsPage');

/** The section's screens, each shown to those holding its permission (section 6). */
const TABS = [
  { key: 'sale', label: 'New sale', path: 'sale', needs: 'create:invoice' },
  { key: 'invoices', label: 'Invoices', path: 'invoices', needs: 'view:invoice' },
  { key: 'customers', label: 'Customers', path: 'customers', needs: 'view:customer' },
  { key: 'transfers', label: 'Transfers', path: 'transfers', needs: 'view:transfer' },
  { key: 'expenses', label: 'Expenses', path: 'expenses', needs: 'view:expense' },
  { key: 'transactions', label: 'Transactions', path: 'transactions', needs: 'view:transaction' },
  { key: 'reports', label: 'Reports', path: 'reports', needs: 'view:report' },
] as const;

function BillingLayout({ base }: { base: string }) {
  const { pathname } = useLocation();
  const can = useCan();
  const rest = pathname.slice(base.length).replace(/^\/+/, '');
  const current = TABS.find((tab) => rest === tab.path || rest.startsWith(`${tab.path}/`))?.key ?? '';
  const tabs = TABS.filter((tab) => can(tab.needs)).map((tab) => ({ key: tab.key, label: tab.label, to: `${base}/${tab.path}` }));
  return (
    <SectionTabs label="Billing" tabs={tabs} current={current}>
      <Suspense fallback={<LoadingIndicator />}>
        <Outlet />
      </Suspense>
    </SectionTabs>
  );
}

/**
 * The first screen this user may open: a new sale for those who sell, else the invoices or
 * customers. The move is drawn at once (flushSync), not as <Navigate>'s transition, which React
 * draws in slices between other work: /x/billing showed the new sale 30 to 80 ms later.
 */
function BillingIndex({ base }: { base: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const first = TABS.find((tab) => can(tab.needs)) ?? TABS[1];
  const to = `${base}/${first.path}`;
  useEffect(() => {
    void navigate(to, { replace: true, flushSync: true });
  }, [navigate, to]);
  return null;
}

/**
 * New sale at `sale`, the invoices at `invoices` (an invoice's drawer at `invoices/:invoiceId`), the
 * customers at `customers` (a customer's page at `customers/:customerId`), the transfers at `transfers` (a transfer's drawer at `transfers/:transferId`),
 * the profit and loss report at `reports`;
 * `/x/view-redirect` links land on these paths.
 */
export function BillingSection() {
  const base = useMountPath();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Routes>
      <Route element={<BillingLayout base={base} />}>
        <Route index element={<BillingIndex base={base} />} />
        <Route path="sale" element={<SalePage base={base} />} />
        <Route path="invoices/:invoiceId?" element={<InvoicesPage base={base} />} />
        <Route path="customers/:customerId?" element={<CustomersPage base={base} />} />
        <Route path="transfers/:transferId?" element={<TransfersPage base={base} />} />
        <Route path="expenses/:expenseId?" element={<ExpensesPage />} />
        <Route path="transactions/:transactionId?" element={<LedgerPage base={base} />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="*" element={<BillingIndex base={base} />} />
      </Route>
    </Routes>
  );
}
