import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What accounts need around them: the mail outbox, password-reset tokens, staff messages, the
 * activity log and the shared rate-limit counters.
 */
export class AccountServices1763900000000 implements MigrationInterface {
  name = 'AccountServices1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NULL,
        error text NULL,
        CONSTRAINT pk_outbox PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE INDEX ix_outbox_to_address ON outbox (lower(to_address), created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        CONSTRAINT pk_password_reset_tokens PRIMARY KEY (id),
        CONSTRAINT uq_password_reset_tokens_hash UNIQUE (token_hash),
        CONSTRAINT fk_password_reset_tokens_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX ix_password_reset_tokens_user ON password_reset_tokens (user_id)`);
    await queryRunner.query(`
      CREATE TABLE messages (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        from_user_id uuid NOT NULL,
        to_user_id uuid NOT NULL,
        subject text NOT NULL DEFAULT '',
        body text NOT NULL,
        read_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_messages PRIMARY KEY (id),
        CONSTRAINT fk_messages_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_messages_from FOREIGN KEY (from_user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_messages_to FOREIGN KEY (to_user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX ix_messages_inbox ON messages (to_user_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE activities (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        user_id uuid NOT NULL,
        location_ids uuid[] NOT NULL DEFAULT '{}',
        action text NOT NULL,
        entity text NOT NULL,
        description text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_activities PRIMARY KEY (id),
        CONSTRAINT fk_activities_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_activities_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT ck_activities_action CHECK (action IN ('Created', 'Added', 'Updated', 'Deleted'))
      )`);
    await queryRunner.query(`CREATE INDEX ix_activities_business_created ON activities (business_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX ix_activities_locations ON activities USING gin (location_ids)`);
    // The layout rate-limiter-flexible's PostgreSQL store expects; shared by every API process.
    await queryRunner.query(`
      CREATE TABLE rate_limits (
        key varchar(255) NOT NULL,
        points integer NOT NULL DEFAULT 0,
        expire bigint NULL,
        CONSTRAINT pk_rate_limits PRIMARY KEY (key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limits`);
    await queryRunner.query(`DROP TABLE activities`);
    await queryRunner.query(`DROP TABLE messages`);
    await queryRunner.query(`DROP TABLE password_reset_tokens`);
    await queryRunner.query(`DROP TABLE outbox`);
  }
}
