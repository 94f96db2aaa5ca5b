import { expect } from '@playwright/test';
import { Client } from 'pg';

/**
 * The mail the API wrote to its outbox table (no SMTP_URL in tests), read straight from the
 * run's embedded PostgreSQL: the database `stockbook` on E2E_POSTGRES_PORT (see
 * playwright.config.ts), as libs/embedded-db's user.
 */
async function latestMailTo(address: string): Promise<{ subject: string; text: string } | null> {
  const client = new Client({
    host: '127.0.0.1',
    port: Number(process.env.E2E_POSTGRES_PORT ?? 25491),
    user: 'postgres',
    password: 'postgres',
    database: 'stockbook',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1',
      [address],
    );
    return rows[0] ? { subject: rows[0].subject, text: rows[0].text_body } : null;
  } finally {
    await client.end();
  }
}

/** Waits for a mail to `address` and returns it. */
export async function waitForMail(address: string): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | null = null;
  await expect
    .poll(async () => {
      mail = await latestMailTo(address);
      return mail !== null;
    }, { message: `a mail to ${address} in the outbox` })
    .toBe(true);
  return mail!;
}

/** Whether any mail was written to `address`. */
export async function hasMail(address: string): Promise<boolean> {
  return (await latestMailTo(address)) !== null;
}

/** The path of the reset link in a password-reset mail. */
export function resetLinkIn(text: string): string {
  const match = /\/user\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
  expect(match, `a reset link in:\n${text}`).not.toBeNull();
  return match![0];
}
