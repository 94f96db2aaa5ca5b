import { DEFAULT_NOTIFICATION, DEFAULT_PRINTER, type Business, type NotificationSettings, type PrinterSettings } from '@stockbook/contracts';
import type { BusinessEntity } from './business.entity';

/** The business as user/business shows it; unset printer and notification settings take their defaults. */
export function toBusiness(business: BusinessEntity, currencyLocked: boolean): Business {
  return {
    _id: business.id,
    businessName: business.businessName,
    businessAddress: business.businessAddress,
    contactNumber: business.contactNumber,
    businessEmail: business.businessEmail,
    currency: business.currency,
    currencyLocked,
    inventoryValuationMethod: business.inventoryValuationMethod,
    timeZone: business.timeZone,
    pricesIncludeTax: business.pricesIncludeTax,
    printer: { ...DEFAULT_PRINTER, ...(business.printer as Partial<PrinterSettings>) },
    notification: { ...DEFAULT_NOTIFICATION, ...(business.notification as Partial<NotificationSettings>) },
    testReceiptPrintedAt: business.testReceiptPrintedAt?.toISOString() ?? null,
    createdAt: business.createdAt.toISOString(),
    updatedAt: business.updatedAt.toISOString(),
  };
}
