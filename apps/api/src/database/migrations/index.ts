import { Accounts1763800000000 } from './1763800000000-accounts';
import { AccountServices1763900000000 } from './1763900000000-account-services';
import { Inventory1764000000000 } from './1764000000000-inventory';
import { InventoryListing1764100000000 } from './1764100000000-inventory-listing';
import { InventorySearch1764200000000 } from './1764200000000-inventory-search';
import { ItemCards1764300000000 } from './1764300000000-item-cards';
import { InventoryListPaths1764400000000 } from './1764400000000-inventory-list-paths';
import { WideSums1764500000000 } from './1764500000000-wide-sums';
import { LiveNames1764600000000 } from './1764600000000-live-names';
import { ItemCodes1764700000000 } from './1764700000000-item-codes';
import { Sales1764800000000 } from './1764800000000-sales';
import { Money1764900000000 } from './1764900000000-money';
import { Reports1764900000300 } from './1764900000300-reports';
import { ReportSalesHours1764900000310 } from './1764900000310-report-sales-hours';
import { CounterPayments1765000000000 } from './1765000000000-counter-payments';
import { PaymentOrder1765000000100 } from './1765000000100-payment-order';
import { TransactionNotes1765000000200 } from './1765000000200-transaction-notes';
import { Tax1765100000000 } from './1765100000000-tax';
import { BusinessTimeZone1765100000100 } from './1765100000100-business-time-zone';
import { ItemCardsTax1765100000200 } from './1765100000200-item-cards-tax';
import { TillCounts1765100000300 } from './1765100000300-till-counts';
import { CreditNotes1765200000000 } from './1765200000000-credit-notes';
import { HealthProbe1765200000100 } from './1765200000100-health-probe';
import { StaffInvitations1765300000000 } from './1765300000000-staff-invitations';
import { TransferHistory1765400000000 } from './1765400000000-transfer-history';
import { ShortSaleLocks1765500000000 } from './1765500000000-short-sale-locks';
import { BatchCardJson1765600000000 } from './1765600000000-batch-card-json';
import { CardsWithoutStock1765700000000 } from './1765700000000-cards-without-stock';
import { ShownItems1765700000100 } from './1765700000100-shown-items';
import { StockOnlyItemUpdates1765800000000 } from './1765800000000-stock-only-item-updates';
import { SessionChanges1765800000100 } from './1765800000100-session-changes';
import type { MigrationClass } from './migration-types';

/**
 * Every migration, oldest first. Append only: a released migration is never edited.
 * Listed explicitly so the compiled API, the tests and the CLI run the same set.
 */
export const MIGRATIONS: MigrationClass[] = [
  Accounts1763800000000, AccountServices1763900000000, Inventory1764000000000, InventoryListing1764100000000, InventorySearch1764200000000,
  ItemCards1764300000000, InventoryListPaths1764400000000, WideSums1764500000000,
  LiveNames1764600000000, ItemCodes1764700000000, Sales1764800000000, Money1764900000000,
  Reports1764900000300, ReportSalesHours1764900000310, CounterPayments1765000000000, PaymentOrder1765000000100, TransactionNotes1765000000200,
  Tax1765100000000, BusinessTimeZone1765100000100, ItemCardsTax1765100000200, TillCounts1765100000300,
  CreditNotes1765200000000, HealthProbe1765200000100,
  StaffInvitations1765300000000, TransferHistory1765400000000, ShortSaleLocks1765500000000, BatchCardJson1765600000000,
  CardsWithoutStock1765700000000, ShownItems1765700000100, StockOnlyItemUpdates1765800000000,
  SessionChanges1765800000100,
];
