import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { CapitalRequestSchema, MoneyMovementResponse, WithdrawalRequestSchema } from '@stockbook/contracts';
import { capitalMovement, moneyShown, planWithdrawal, type CurrencyCode, type LedgerMovement, type LocationBalances } from '@stockbook/domain';
import { assertCan, type CheckedLocation } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { WritePath } from '../writes/write-path.service';
import type { EntityManager } from 'typeorm';
import { LedgerService } from './ledger.service';
import { currencyOf } from '../business/business-records';
import { locationOf, moneyRefusal } from './money-places';
import { readBalances, readTransactions } from './transaction-reader';

type Out<T extends z.ZodType> = z.output<T>;

/** What capital and withdrawals reload (the locations list shows no balances). */
const CHANGES = ['transactions', 'reports'] as const;

/**
 * Capital and withdrawals (issue 15, rule 4): root users and user admins put money into a location
 * or take it out. Each is one transaction through LedgerService and one activity entry (entities
 * Capital, Withdrawal), in one WritePath transaction. A withdrawal is decided on the balance read
 * under the location's row lock, so two withdrawals can never both spend one balance.
 */
@Injectable()
export class CapitalService {
  constructor(
    private readonly writes: WritePath,
    private readonly ledger: LedgerService,
  ) {}

  capital(auth: AuthContext, input: Out<typeof CapitalRequestSchema>, idempotencyKey?: string): Promise<MoneyMovementResponse> {
    return this.move(auth, 'Capital', input, () => capitalMovement(input.amount), (amount, place) => `Put ${amount} of capital into ${place}`, idempotencyKey);
  }

  withdrawal(auth: AuthContext, input: Out<typeof WithdrawalRequestSchema>, idempotencyKey?: string): Promise<MoneyMovementResponse> {
    return this.move(
      auth,
      'Withdrawal',
      input,
      (balances, currency) => {
        const plan = planWithdrawal(balances.currentBalance, input.amount, input.allowNegativeBalance, currency);
        if (!plan.ok) throw moneyRefusal(plan.problem);
        return plan.movement;
      },
      (amount, place) => `Withdrew ${amount} from ${place}`,
      idempotencyKey,
    );
  }

  private move(
    auth: AuthContext,
    entity: 'Capital' | 'Withdrawal',
    input: { locationID: string; amount: string; description: string },
    plan: (balances: LocationBalances, currency: CurrencyCode) => LedgerMovement,
    describe: (amount: string, place: string) => string,
    idempotencyKey?: string,
  ): Promise<MoneyMovementResponse> {
    return this.writes.write(
      auth,
      { entity, changes: [...CHANGES], idempotent: idempotencyKey ? { key: idempotencyKey, request: input } : undefined, readBack: (manager, id: { transaction: string; location: string }) => this.answer(manager, auth, id) },
      async (manager) => {
        assertCan(auth.user, 'admin');
        const location: CheckedLocation = await locationOf(manager, auth.businessId, input.locationID);
        const currency = await currencyOf(manager, auth.businessId);
        const movement = plan(await this.ledger.lockBalances(manager, auth.businessId, location.id), currency);
        const posting = await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, description: input.description }, [movement]);
        const note = input.description ? `: ${input.description}` : '';
        return {
          value: { transaction: posting.ids[0]!, location: location.id },
          action: 'Added',
          description: `${describe(moneyShown(input.amount, currency), location.name)}${note}`,
          locationIds: [location.id],
        };
      },
    );
  }

  private async answer(manager: EntityManager, auth: AuthContext, id: { transaction: string; location: string }): Promise<MoneyMovementResponse> {
    const [transaction] = await readTransactions(manager, auth.businessId, 'AND t.id = $2', [id.transaction]);
    const [balance] = await readBalances(manager, auth.businessId, [id.location]);
    return { transaction: transaction!, balance: balance! };
  }
}
