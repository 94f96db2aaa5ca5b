import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every API process keeps resolved sessions in memory for a few seconds (auth/session-cache.ts);
 * these triggers tell every process, when the change commits, whose sessions to read afresh: a
 * session ended, its expiry moved or removed, and any change of a user (permissions, lock,
 * password, names, removal). The payload on `stockbook_sessions` is the user's id. A session's
 * `last_seen_at`, touched every few minutes, notifies nothing.
 */
export class SessionChanges1765800000100 implements MigrationInterface {
  name = 'SessionChanges1765800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION sessions_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('stockbook_sessions', OLD.user_id::text);
        IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
          PERFORM pg_notify('stockbook_sessions', NEW.user_id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_sessions_notify_update AFTER UPDATE ON sessions FOR EACH ROW
         WHEN ((OLD.ended_at, OLD.expires_at, OLD.user_id, OLD.token_hash) IS DISTINCT FROM (NEW.ended_at, NEW.expires_at, NEW.user_id, NEW.token_hash))
         EXECUTE FUNCTION sessions_notify_change()`,
    );
    await queryRunner.query(`CREATE TRIGGER tr_sessions_notify_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_notify_change()`);
    await queryRunner.query(`
      CREATE FUNCTION users_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('stockbook_sessions', OLD.id::text);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_users_notify_update AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION users_notify_change()`,
    );
    await queryRunner.query(`CREATE TRIGGER tr_users_notify_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_notify_change()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER tr_users_notify_delete ON users`);
    await queryRunner.query(`DROP TRIGGER tr_users_notify_update ON users`);
    await queryRunner.query(`DROP FUNCTION users_notify_change()`);
    await queryRunner.query(`DROP TRIGGER tr_sessions_notify_delete ON sessions`);
    await queryRunner.query(`DROP TRIGGER tr_sessions_notify_update ON sessions`);
    await queryRunner.query(`DROP FUNCTION sessions_notify_change()`);
  }
}
