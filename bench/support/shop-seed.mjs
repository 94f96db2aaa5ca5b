// A small shop with real data, made through the API as its owner would make it: items with stock
// (batches) at the business's location, and a few of today's sales. The screens the frontend bench
// times then show real rows and figures (an empty inventory or dashboard renders less than a
// shop's, and would flatter the figures).

export const SEED = {
  items: 40,
  /** Sales made today, so the dashboard's Today figures and Recent invoices have something. */
  sales: 6,
};

/** A JSON caller for the API at `base` as the holder of `cookie` ({ name, value }). */
export function apiCaller(base, cookie) {
  const headers = { 'content-type': 'application/json', cookie: `${cookie.name}=${cookie.value}` };
  return async (method, route, body) => {
    const answer = await fetch(`${base}/api/v1/${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
}

const NAMES = ['Green Tea', 'Basmati Rice 5 kg', 'Olive Soap', 'Oat Milk', 'Rye Bread', 'Honey 340 g', 'Coffee Beans 1 kg', 'Dark Chocolate',
  'Sea Salt', 'Apple Juice', 'Peanut Butter', 'Dish Soap'];

/**
 * Seeds the shop of `cookie`'s business; returns the location the data sits at (its name is what
 * the billing screen shows once its data is in).
 */
export async function seedShop(base, cookie) {
  const call = apiCaller(base, cookie);
  const { data: [location] } = await call('GET', 'user/location');
  const items = [];
  for (let i = 0; i < SEED.items; i++) {
    const itemName = `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` #${Math.floor(i / NAMES.length) + 1}` : ''}`;
    const price = (2 + (i % 9) * 1.25).toFixed(2);
    const { item } = await call('POST', 'user/inventory/add/simple/item', { itemName, price });
    await call('POST', 'user/inventory/add/batch', { itemID: item._id, locationID: location._id, quantity: String(20 + i), cost: (Number(price) / 2).toFixed(2) });
    items.push(item);
  }
  for (let i = 0; i < SEED.sales; i++) {
    const lines = [items[i], items[i + 10]].map((item) => ({ itemID: item._id, quantity: String(1 + (i % 3)) }));
    await call('POST', 'user/invoice', { locationID: location._id, items: lines, paymentMethod: 'Cash' });
  }
  // The list as the items screen first asks it: the API builds the items' cards on first listing,
  // which a running shop has long done.
  await call('GET', 'user/inventory/list?page=1&limit=50');
  return location;
}
