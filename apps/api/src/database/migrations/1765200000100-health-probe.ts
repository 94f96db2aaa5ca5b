import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The health check's write probe (issue 23, rule 4): one row /health updates at most every few
 * seconds, so a database that answers reads but refuses writes (disk full, read-only, a standby)
 * is reported not ready. Unlogged: the probe is about whether a write commits, not about keeping it.
 */
export class HealthProbe1765200000100 implements MigrationInterface {
  name = 'HealthProbe1765200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE health_probe (
        id smallint NOT NULL DEFAULT 1,
        written_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_health_probe PRIMARY KEY (id),
        CONSTRAINT ck_health_probe_one CHECK (id = 1)
      )`);
    await queryRunner.query(`INSERT INTO health_probe (id) VALUES (1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE health_probe`);
  }
}
