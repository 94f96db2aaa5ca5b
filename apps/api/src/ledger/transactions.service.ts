import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LocationBalance, TillMoney, Transaction } from '@stockbook/contracts';
import type { TransactionType } from '@stockbook/domain';
import type { AuthContext } from '../auth/auth-context';
import { datedRange, listScope } from './money-places';
import { readBalances, readTransactions } from './transaction-reader';

interface Filter {
  type?: TransactionType;
  locations?: string[];
  money?: TillMoney;
}

/** The clause of a `money` filter: SQL written here, never from the request. */
function moneyClause(money: TillMoney | undefined): string {
  if (money === 'cash') return `AND t.payment_method = 'Cash'`;
  if (money === 'other') return `AND t.payment_method IS DISTINCT FROM 'Cash'`;
  return '';
}

/**
 * Reads of the money book (contracts: transactions.contract.ts): only the caller's business and
 * the locations where they hold view:transaction, newest first, each with the balances of the
 * locations it may show. Writes are LedgerService's alone.
 */
@Injectable()
export class TransactionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async latest(auth: AuthContext, query: Filter & { limit: number }): Promise<{ transactions: Transaction[]; balances: LocationBalance[] }> {
    return this.read(auth, query, '', [], { limit: query.limit, offset: 0 });
  }

  async dated(auth: AuthContext, query: Filter & { startDate?: string; endDate?: string }): Promise<{ transactions: Transaction[]; balances: LocationBalance[] }> {
    return this.read(auth, query, `AND t.created_at >= $4::timestamptz AND t.created_at <= $5::timestamptz`, await datedRange(this.dataSource.manager, auth.businessId, query));
  }

  async paginated(auth: AuthContext, query: Filter & { page: number; limit: number }): Promise<{ transactions: Transaction[]; balances: LocationBalance[]; total: number }> {
    const scope = listScope(auth, 'view:transaction', query.locations);
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM transactions t WHERE t.business_id = $1 AND ($2::uuid[] IS NULL OR t.location_id = ANY($2::uuid[])) AND ($3::text IS NULL OR t.transaction_type = $3) ${moneyClause(query.money)}`,
      [auth.businessId, scope, query.type ?? null],
    )) as { total: number }[];
    return { ...(await this.read(auth, query, '', [], { limit: query.limit, offset: (query.page - 1) * query.limit })), total };
  }

  /** `where` may use $4 onwards (`params`); a page takes the two after them. */
  private async read(auth: AuthContext, query: Filter, where: string, params: unknown[], page?: { limit: number; offset: number }) {
    const manager = this.dataSource.manager;
    const scope = listScope(auth, 'view:transaction', query.locations);
    const transactions = await readTransactions(
      manager,
      auth.businessId,
      `AND ($2::uuid[] IS NULL OR t.location_id = ANY($2::uuid[])) AND ($3::text IS NULL OR t.transaction_type = $3) ${moneyClause(query.money)} ${where}`,
      [scope, query.type ?? null, ...params, ...(page ? [page.limit, page.offset] : [])],
      page ? `LIMIT $${params.length + 4} OFFSET $${params.length + 5}` : '',
    );
    return { transactions, balances: await readBalances(manager, auth.businessId, scope) };
  }
}
