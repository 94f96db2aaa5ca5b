import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Businesses (tenants), their locations, users and server-side sessions. */
export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE businesses (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_name text NOT NULL,
        business_address text NOT NULL DEFAULT '',
        contact_number text NOT NULL DEFAULT '',
        business_email text NOT NULL DEFAULT '',
        currency text NOT NULL,
        inventory_valuation_method text NOT NULL,
        printer jsonb NOT NULL DEFAULT '{}'::jsonb,
        notification jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_businesses PRIMARY KEY (id),
        CONSTRAINT ck_businesses_currency CHECK (currency IN ('USD', 'GBP', 'INR', 'AUD', 'MYR', 'LKR')),
        CONSTRAINT ck_businesses_valuation CHECK (inventory_valuation_method IN ('FIFO', 'LIFO', 'AVCO', 'SELECT'))
      )`);
    await queryRunner.query(`
      CREATE TABLE locations (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        name text NOT NULL,
        address text NOT NULL DEFAULT '',
        contact_number text NOT NULL DEFAULT '',
        can_sell boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_locations PRIMARY KEY (id),
        CONSTRAINT fk_locations_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_locations_business_name ON locations (business_id, lower(name))`);
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        username text NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        password_hash text NOT NULL,
        root_user boolean NOT NULL DEFAULT false,
        user_admin boolean NOT NULL DEFAULT false,
        permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
        locked_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_users PRIMARY KEY (id),
        CONSTRAINT fk_users_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE
      )`);
    // Sign-in takes a username or an e-mail address from any business: both are unique everywhere.
    await queryRunner.query(`CREATE UNIQUE INDEX uq_users_username ON users (lower(username))`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_users_email ON users (lower(email))`);
    await queryRunner.query(`CREATE INDEX ix_users_business ON users (business_id)`);
    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL,
        user_id uuid NOT NULL,
        business_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz NULL,
        end_reason text NULL,
        user_agent text NOT NULL DEFAULT '',
        CONSTRAINT pk_sessions PRIMARY KEY (id),
        CONSTRAINT uq_sessions_token_hash UNIQUE (token_hash),
        CONSTRAINT fk_sessions_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_sessions_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX ix_sessions_open_by_user ON sessions (user_id) WHERE ended_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sessions`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE locations`);
    await queryRunner.query(`DROP TABLE businesses`);
  }
}
