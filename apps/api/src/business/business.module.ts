import { Module } from '@nestjs/common';
import { BusinessExportService } from './business-export.service';
import { BusinessController } from './business.controller';
import { BusinessService } from './business.service';

@Module({ controllers: [BusinessController], providers: [BusinessService, BusinessExportService] })
export class BusinessModule {}
