import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { BatchesController } from './batches.controller';
import { BatchesService } from './batches.service';
import { ItemCardsBuilder } from './item-cards.builder';
import { ItemImportController } from './item-import.controller';
import { ItemImportService } from './item-import.service';
import { ItemsController } from './items.controller';
import { ItemsService } from './items.service';
import { StockService } from './stock.service';

/** Items, variants and batches; stock on hand derived from batches; item cards for the list; CSV import; StockService, the one mover of sold stock. */
@Module({ imports: [CatalogueModule], controllers: [ItemsController, BatchesController, ItemImportController], providers: [ItemsService, BatchesService, ItemImportService, ItemCardsBuilder, StockService], exports: [StockService] })
export class InventoryModule {}
