import { Module } from '@nestjs/common';
import { CapitalController } from './capital.controller';
import { CapitalService } from './capital.service';
import { LedgerService } from './ledger.service';
import { TransactionsController } from './transactions.controller';
import { TransactionsService } from './transactions.service';
import { TillController } from './till.controller';
import { TillService } from './till.service';

/**
 * The locations' money book: LedgerService, the one writer of transactions and location balances
 * (sales, expenses, capital, withdrawals, transfer costs); its reads (user/transaction, paginated,
 * dated), the administrators' capital and withdrawals (user/admin/capital, withdrawal) and the
 * till counts (user/till-count).
 */
@Module({
  controllers: [TransactionsController, CapitalController, TillController],
  providers: [LedgerService, TransactionsService, CapitalService, TillService],
  exports: [LedgerService],
})
export class LedgerModule {}
