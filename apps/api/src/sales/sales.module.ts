import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { LedgerModule } from '../ledger/ledger.module';
import { CustomerStatementService } from './customers/customer-statement.service';
import { CustomersController } from './customers/customers.controller';
import { CreditNotesController } from './invoices/credit-notes.controller';
import { CustomersService } from './customers/customers.service';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoiceLinkMail } from './invoices/invoice-link-mail';
import { InvoicesService } from './invoices/invoices.service';
import { PublicInvoiceController } from './invoices/public-invoice.controller';
import { PublicInvoiceService } from './invoices/public-invoice.service';

/** Customers and invoices (sales, payments, refunds, cancellation, public page); stock moves through InventoryModule's StockService, money through LedgerModule. */
@Module({
  imports: [InventoryModule, LedgerModule],
  controllers: [CustomersController, InvoicesController, CreditNotesController, PublicInvoiceController],
  providers: [CustomersService, CustomerStatementService, InvoicesService, InvoiceLinkMail, PublicInvoiceService],
})
export class SalesModule {}
