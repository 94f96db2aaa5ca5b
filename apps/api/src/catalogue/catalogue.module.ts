import { Module } from '@nestjs/common';
import { AttributesController } from './attributes.controller';
import { CategoriesController } from './categories.controller';
import { SuppliersController } from './suppliers.controller';
import { AttributesService } from './attributes.service';
import { CategoriesService } from './categories.service';
import { SuppliersService } from './suppliers.service';

/** What items are described and bought by: categories, attributes and suppliers. */
@Module({
  controllers: [CategoriesController, AttributesController, SuppliersController],
  providers: [CategoriesService, AttributesService, SuppliersService],
  exports: [CategoriesService, AttributesService, SuppliersService],
})
export class CatalogueModule {}
