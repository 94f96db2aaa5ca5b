import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A shop, warehouse or any place stock is kept; `canSell` says whether invoices start there. */
@Entity({ name: 'locations' })
export class LocationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'business_id', type: 'uuid' })
  businessId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: '' })
  address!: string;

  @Column({ name: 'contact_number', type: 'text', default: '' })
  contactNumber!: string;

  @Column({ name: 'can_sell', type: 'boolean', default: true })
  canSell!: boolean;

  @Column({ name: 'tax_rate_id', type: 'uuid', nullable: true })
  taxRateId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
