import { Module } from '@nestjs/common';
import { BatchesController } from './batches.controller';
import { BatchesService } from './batches.service';
import { ItemsController } from './items.controller';
import { ItemsService } from './items.service';

/** Items, variants and batches; stock on hand derived from batches. */
@Module({ controllers: [ItemsController, BatchesController], providers: [ItemsService, BatchesService] })
export class InventoryModule {}
