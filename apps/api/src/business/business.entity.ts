import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CurrencyCode } from '@stockbook/domain';
import type { ValuationMethod } from '@stockbook/contracts';

/** A business: the tenant every other row belongs to. */
@Entity({ name: 'businesses' })
export class BusinessEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'business_name', type: 'text' })
  businessName!: string;

  @Column({ name: 'business_address', type: 'text', default: '' })
  businessAddress!: string;

  @Column({ name: 'contact_number', type: 'text', default: '' })
  contactNumber!: string;

  @Column({ name: 'business_email', type: 'text', default: '' })
  businessEmail!: string;

  @Column({ type: 'text' })
  currency!: CurrencyCode;

  @Column({ name: 'inventory_valuation_method', type: 'text' })
  inventoryValuationMethod!: ValuationMethod;

  @Column({ name: 'time_zone', type: 'text', default: 'UTC' })
  timeZone!: string;

  @Column({ name: 'prices_include_tax', type: 'boolean', default: false })
  pricesIncludeTax!: boolean;

  @Column({ type: 'jsonb', default: {} })
  printer!: Record<string, unknown>;

  @Column({ type: 'jsonb', default: {} })
  notification!: Record<string, unknown>;

  /** When a test receipt was last printed (the getting-started list's step). */
  @Column({ name: 'test_receipt_printed_at', type: 'timestamptz', nullable: true })
  testReceiptPrintedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
