import { Module } from '@nestjs/common';
import { LedgerService } from './ledger.service';

/** The locations' money book: LedgerService, the one writer of transactions and location balances (sales, expenses, capital, withdrawals, transfer costs). */
@Module({ providers: [LedgerService], exports: [LedgerService] })
export class LedgerModule {}
