import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ProfitLossQuerySchema,
  ProfitLossResponseSchema,
  ReportSummaryQuerySchema,
  ReportSummaryResponseSchema,
  TaxReportQuerySchema,
  TaxReportResponseSchema,
  type ProfitLossResponse,
  type ReportSummaryResponse,
  type TaxReportResponse,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { Responds } from '../common/openapi/responds';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { ReportsService } from './reports.service';

class ProfitLossQueryDto extends createZodDto(ProfitLossQuerySchema) {}
class SummaryQueryDto extends createZodDto(ReportSummaryQuerySchema) {}
class TaxReportQueryDto extends createZodDto(TaxReportQuerySchema) {}

/** Reports (contracts: reports.contract.ts). The location checks and view:cost are the service's. */
@ApiTags('reports')
@Controller('user/report')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @RequirePermission('view:report')
  @Get('profit-loss')
  @Responds(ProfitLossResponseSchema, { errors: [404] })
  async profitLoss(@Auth() auth: AuthContext, @Query() query: ProfitLossQueryDto): Promise<ProfitLossResponse> {
    return { report: await this.reports.profitLoss(auth, query) };
  }

  @RequirePermission('view:report')
  @Get('tax')
  @Responds(TaxReportResponseSchema, { errors: [404] })
  async tax(@Auth() auth: AuthContext, @Query() query: TaxReportQueryDto): Promise<TaxReportResponse> {
    return { report: await this.reports.tax(auth, query) };
  }

  @RequirePermission('view:report')
  @Get('summary')
  @Responds(ReportSummaryResponseSchema, { errors: [404] })
  async summary(@Auth() auth: AuthContext, @Query() query: SummaryQueryDto): Promise<ReportSummaryResponse> {
    return { summary: await this.reports.summary(auth, query) };
  }
}
