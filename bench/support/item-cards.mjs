/**
 * Waits for the API's background builder to make every item card current (table item_cards): the
 * state a running shop is in, where only items changed since they were last listed are rebuilt.
 */
export async function cardsBuilt(client, { quiet = false } = {}) {
  const started = Date.now();
  const stale = async () => (await client.query(`SELECT count(*)::int AS n FROM item_cards WHERE built_version IS NULL OR built_version <> version`)).rows[0].n;
  for (let left = await stale(); left > 0; left = await stale()) {
    if (Date.now() - started > 600_000) throw new Error(`item cards: ${left} still stale after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!quiet) console.log(`item cards built by the API in the background in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
