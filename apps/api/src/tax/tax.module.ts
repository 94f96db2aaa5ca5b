import { Module } from '@nestjs/common';
import { TaxRatesController } from './tax-rates.controller';
import { TaxRatesService } from './tax-rates.service';

@Module({ controllers: [TaxRatesController], providers: [TaxRatesService] })
export class TaxModule {}
