import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreditNoteListResponseSchema, DatedCreditNotesQuerySchema, type CreditNoteListResponse } from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../../auth/auth-context';
import { Responds } from '../../common/openapi/responds';
import { createZodDto } from '../../common/validation/zod-validation.pipe';
import { CustomerStatementService } from '../customers/customer-statement.service';

class DatedQueryDto extends createZodDto(DatedCreditNotesQuerySchema) {}

/** Credit notes by the day they were made, for an accountant's export (customer-statement.contract.ts). */
@ApiTags('invoices')
@Controller('user/credit-note')
export class CreditNotesController {
  constructor(private readonly statements: CustomerStatementService) {}

  @RequirePermission('view:invoice')
  @Get('dated')
  @Responds(CreditNoteListResponseSchema)
  async dated(@Auth() auth: AuthContext, @Query() query: DatedQueryDto): Promise<CreditNoteListResponse> {
    return { creditNotes: await this.statements.dated(auth, query) };
  }
}
