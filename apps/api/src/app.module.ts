import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { ZodValidationPipe } from './common/validation/zod-validation.pipe';
import { databaseOptions, startDataSource } from './database/database-options';
import { ActivityModule } from './activity/activity.module';
import { AuthModule } from './auth/auth.module';
import { BusinessModule } from './business/business.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { LiveModule } from './live/live.module';
import { MetricsModule } from './metrics/metrics.module';
import { LocationsModule } from './locations/locations.module';
import { MailModule } from './mail/mail.module';
import { MessagesModule } from './messages/messages.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { UsersModule } from './users/users.module';
import { HealthModule } from './health/health.module';
import { InventoryModule } from './inventory/inventory.module';
import { SalesModule } from './sales/sales.module';
import { ReportsModule } from './reports/reports.module';
import { TaxModule } from './tax/tax.module';
import { TransfersModule } from './transfers/transfers.module';
import { ExpensesModule } from './expenses/expenses.module';
import { LedgerModule } from './ledger/ledger.module';
import { WritesModule } from './writes/writes.module';
import { API_RUNTIME, type ApiRuntime } from './runtime';

@Global()
@Module({})
class RuntimeModule {
  static register(runtime: ApiRuntime): DynamicModule {
    return { module: RuntimeModule, providers: [{ provide: API_RUNTIME, useValue: runtime }], exports: [API_RUNTIME] };
  }
}

@Module({})
export class AppModule {
  static register(runtime: ApiRuntime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.register(runtime),
        TypeOrmModule.forRootAsync({
          useFactory: () => databaseOptions(runtime.databaseUrl),
          // Migrated before any module starts, under a lock shared by every instance.
          dataSourceFactory: (options) => startDataSource(options!),
        }),
        MetricsModule,
        HealthModule,
        LiveModule,
        MailModule,
        RateLimitsModule,
        ActivityModule,
        WritesModule,
        AuthModule,
        UsersModule,
        BusinessModule,
        LocationsModule,
        MessagesModule,
        CatalogueModule,
        InventoryModule,
        SalesModule,
        ReportsModule,
        TaxModule,
        TransfersModule,
        LedgerModule,
        ExpensesModule,
      ],
      providers: [
        { provide: APP_PIPE, useClass: ZodValidationPipe },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
