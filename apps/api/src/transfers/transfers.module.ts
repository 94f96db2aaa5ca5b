import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { LedgerModule } from '../ledger/ledger.module';
import { TransfersController } from './transfers.controller';
import { TransfersService } from './transfers.service';

/** Transfers between locations; stock moves through InventoryModule's StockService, money through LedgerModule. */
@Module({
  imports: [InventoryModule, LedgerModule],
  controllers: [TransfersController],
  providers: [TransfersService],
})
export class TransfersModule {}
