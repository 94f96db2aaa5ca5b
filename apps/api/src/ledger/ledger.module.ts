import { Module } from '@nestjs/common';
import { CapitalController } from './capital.controller';
import { CapitalService } from './capital.service';
import { LedgerService } from './ledger.service';
import { TransactionsController } from './transactions.controller';
import { TransactionsService } from './transactions.service';

/**
 * The locations' money book: LedgerService, the one writer of transactions and location balances
 * (sales, expenses, capital, withdrawals, transfer costs); its reads (user/transaction, paginated,
 * dated) and the administrators' capital and withdrawals (user/admin/capital, withdrawal).
 */
@Module({ controllers: [TransactionsController, CapitalController], providers: [LedgerService, TransactionsService, CapitalService], exports: [LedgerService] })
export class LedgerModule {}
