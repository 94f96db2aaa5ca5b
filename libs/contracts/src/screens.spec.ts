import { screenHeading, screenTitle } from './screens';

describe('screen titles', () => {
  it.each([
    ['/x', 'Dashboard · Stockbook'],
    ['/x/', 'Dashboard · Stockbook'],
    ['/x/inventory', 'Inventory · Stockbook'],
    ['/x/inventory/items/abc', 'Inventory · Stockbook'],
    ['/x/inventory/categories', 'Categories · Stockbook'],
    ['/x/inventory/suppliers/s1', 'Suppliers · Stockbook'],
    ['/x/admin', 'Users · Stockbook'],
    ['/x/admin/users/u1', 'Users · Stockbook'],
    ['/x/admin/business', 'Business profile · Stockbook'],
    ['/x/locations', 'Locations · Stockbook'],
    ['/x/activity', 'Activity · Stockbook'],
    ['/x/messages', 'Messages · Stockbook'],
    ['/x/profile', 'Profile · Stockbook'],
    ['/x/billing', 'Billing · Stockbook'],
    ['/x/billing/sale', 'New sale · Stockbook'],
    ['/x/billing/invoices', 'Invoices · Stockbook'],
    ['/x/billing/invoices/i1', 'Invoices · Stockbook'],
    ['/x/billing/customers', 'Customers · Stockbook'],
    ['/x/billing/transfers/t1', 'Transfers · Stockbook'],
    ['/x/billing/reports', 'Reports · Stockbook'],
    ['/x/billing/expenses', 'Expenses · Stockbook'],
    ['/x/billing/transactions/t1', 'Transactions · Stockbook'],
    ['/x/not-found', 'Page not found · Stockbook'],
    ['/x/nothing/here', 'Page not found · Stockbook'],
    ['/x/inventoryx', 'Page not found · Stockbook'],
  ])('%s is "%s"', (path, title) => {
    expect(screenTitle(path)).toBe(title);
  });

  it('names the no-permission page when the section is not the user’s', () => {
    expect(screenTitle('/x/admin', false)).toBe('No permission · Stockbook');
  });

  it.each([
    ['/x', 'Dashboard'],
    ['/x/inventory/items/abc', 'Inventory'],
    ['/x/billing/reports', 'Profit and loss'],
    ['/x/profile', 'Your profile'],
    ['/x/admin/users/u1', 'Users'],
    ['/x/billing', undefined],
    ['/x/view-redirect', undefined],
    ['/x/nothing/here', undefined],
  ])('the page at %s is headed %s', (path, heading) => {
    expect(screenHeading(path)).toBe(heading);
  });
});
