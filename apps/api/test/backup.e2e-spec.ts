import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { backup, restore } from '../src/backup/backup';
import { PASSWORD, registerBusiness, signIn } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';
import { createTestDatabase } from './support/test-database';

/**
 * Backup and restore (issue 23, rule 7), against real PostgreSQL: sales are made, a backup is taken
 * while more sales go on, and it is restored into another database, which then holds every sale
 * committed before the backup began and serves as the product.
 */
describe('backup and restore (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let folder: string;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
    folder = mkdtempSync(path.join(os.tmpdir(), 'stockbook-backup-'));
  });
  afterAll(async () => {
    await api?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up while sales go on; the restore holds every sale committed before it began, and serves', async () => {
    const owner = await registerBusiness(api);
    const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10.25' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '1000', cost: '4.125' });
    const sell = async () => {
      const answer = await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '1.5' }], paymentMethod: 'Cash' });
      expect([answer.statusCode, answer.statusCode === 201 ? '' : answer.body]).toEqual([201, '']);
      return answer.json().invoice as { _id: string; invoiceNumber: number; grandTotal: string };
    };
    const before = [];
    for (let i = 0; i < 10; i++) before.push(await sell());

    let selling = true;
    const during: unknown[] = [];
    const seller = (async () => {
      while (selling) during.push(await sell());
    })();
    const file = path.join(folder, 'stockbook.sbk');
    const made = await backup(api.databaseUrl, file);
    selling = false;
    await seller;
    expect(made.rows).toBeGreaterThan(0);

    const target = await createTestDatabase();
    try {
      const restored = await restore(target.url, file);
      expect(restored.rows).toBe(made.rows);
      // Generated columns are not in the file; PostgreSQL writes them again on restore.
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      expect(text).toContain('"quantity_sold"');
      expect(text).not.toContain('"card_json"');
      expect(text).not.toContain('"name_folded"');
      const check = new Client({ connectionString: target.url });
      await check.connect();
      try {
        const [batch] = (await check.query(`SELECT card_json->>'cost' AS cost FROM batches WHERE item_id = $1`, [tea])).rows;
        expect(batch.cost).toBe('4.1250');
        const ids = (await check.query('SELECT id FROM invoices')).rows.map((row: { id: string }) => row.id);
        for (const invoice of before) expect(ids).toContain(invoice._id);
        // A snapshot: what it holds is whole, the counter and the sums agree with the invoices.
        const [{ numbers, last }] = (await check.query('SELECT count(*)::int AS numbers, max(invoice_number) AS last FROM invoices')).rows;
        expect(last).toBe(numbers);
        const [counter] = (await check.query('SELECT last_number FROM invoice_counters')).rows;
        expect(counter.last_number).toBe(numbers);
        const [sums] = (await check.query(`SELECT (SELECT sum(revenue) FROM report_sales_hours)::text AS hours, (SELECT sum(grand_total + refunded_grand_total) FROM invoices WHERE deleted_at IS NULL)::text AS invoices`)).rows;
        expect(sums.hours).toBe(sums.invoices);
        expect(numbers).toBeLessThanOrEqual(before.length + during.length);
      } finally {
        await check.end();
      }

      // The restored database serves as the product: the owner signs in with their password and reads a sale, exactly.
      const served = await startTestApi({}, { databaseUrl: target.url });
      try {
        const again = await signIn(served, owner.user.username, PASSWORD);
        const first = (await again.get(`user/invoice/${before[0]!._id}`)).json().invoice;
        expect(first).toMatchObject({ invoiceNumber: before[0]!.invoiceNumber, grandTotal: before[0]!.grandTotal, totalCost: '6.1875' });
        expect((await again.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '1' }], paymentMethod: 'Cash' })).statusCode).toBe(201);
      } finally {
        await served.close();
      }
      // A database holding businesses is refused, and nothing of it changes.
      await expect(restore(target.url, file)).rejects.toThrow('This database already holds businesses: restore into an empty data folder or database.');
    } finally {
      await target.drop();
    }
  });

  it('refuses a file that is no backup, or one cut short, writing nothing', async () => {
    const target = await createTestDatabase();
    try {
      const notOne = path.join(folder, 'not-one.sbk');
      writeFileSync(notOne, 'hello');
      await expect(restore(target.url, notOne)).rejects.toThrow(`${notOne} is not a Stockbook backup.`);
      const full = path.join(folder, 'full.sbk');
      await backup(api.databaseUrl, full);
      const { readFileSync } = await import('node:fs');
      const { gunzipSync, gzipSync } = await import('node:zlib');
      const text = gunzipSync(readFileSync(full)).toString();
      const cut = path.join(folder, 'cut.sbk');
      writeFileSync(cut, gzipSync(text.slice(0, Math.floor(text.length / 2)).replace(/\n[^\n]*$/, '\n')));
      await expect(restore(target.url, cut)).rejects.toThrow(/is cut short/);
      const check = new Client({ connectionString: target.url });
      await check.connect();
      expect((await check.query('SELECT count(*)::int AS n FROM businesses')).rows[0].n).toBe(0);
      await check.end();
    } finally {
      await target.drop();
    }
  });
});
