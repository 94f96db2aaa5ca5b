import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { CustomersController } from './customers/customers.controller';
import { CustomersService } from './customers/customers.service';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoiceLinkMail } from './invoices/invoice-link-mail';
import { InvoicesService } from './invoices/invoices.service';
import { PublicInvoiceController } from './invoices/public-invoice.controller';
import { PublicInvoiceService } from './invoices/public-invoice.service';
import { LedgerService } from './ledger/ledger.service';

/** Customers, invoices (sales, payments, refunds, cancellation, public page) and the locations' money book. */
@Module({
  imports: [InventoryModule],
  controllers: [CustomersController, InvoicesController, PublicInvoiceController],
  providers: [CustomersService, InvoicesService, InvoiceLinkMail, PublicInvoiceService, LedgerService],
})
export class SalesModule {}
