/**
 * Waits for the API's background builder to make every item card current (table item_cards): the
 * state a running shop is in, where only items changed since they were last listed are rebuilt.
 */
export async function cardsBuilt(client, { quiet = false } = {}) {
  const started = Date.now();
  const stale = () => staleCards(client);
  for (let left = await stale(); left > 0; left = await stale()) {
    if (Date.now() - started > 600_000) throw new Error(`item cards: ${left} still stale after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!quiet) console.log(`item cards built by the API in the background in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** How many item cards are stale now (their data changed since they were built). */
export const staleCards = async (client) =>
  (await client.query(`SELECT count(*)::int AS n FROM item_cards WHERE built_version IS NULL OR built_version <> version`)).rows[0].n;
