import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { ExpensesController } from './expenses.controller';
import { ExpensesService } from './expenses.service';

/** Expenses: created, cancelled and deleted at a location; their money moves through LedgerModule. */
@Module({ imports: [LedgerModule], controllers: [ExpensesController], providers: [ExpensesService] })
export class ExpensesModule {}
