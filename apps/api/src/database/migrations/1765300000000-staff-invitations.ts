import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff invitations (issue 24, rule 3): an administrator invites someone by e-mail with a role;
 * the e-mailed link, single use and valid for 7 days, lets them choose their own username and
 * password. Only the token's hash is kept. Resending replaces the token; revoking ends it.
 * One open invitation per address and business.
 */
export class StaffInvitations1765300000000 implements MigrationInterface {
  name = 'StaffInvitations1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staff_invitations (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        user_admin boolean NOT NULL DEFAULT false,
        permissions jsonb NOT NULL DEFAULT '[]',
        token_hash bytea NOT NULL,
        invited_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz NULL,
        accepted_user_id uuid NULL,
        revoked_at timestamptz NULL,
        CONSTRAINT pk_staff_invitations PRIMARY KEY (id),
        CONSTRAINT uq_staff_invitations_token UNIQUE (token_hash),
        CONSTRAINT fk_staff_invitations_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_staff_invitations_invited_by FOREIGN KEY (invited_by) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_staff_invitations_user FOREIGN KEY (accepted_user_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_staff_invitations_open_email ON staff_invitations (business_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE staff_invitations`);
  }
}
