/**
 * The location a user last sold at, kept in this browser (per user), so New sale starts there after
 * a reload when the header says "All locations" (issue 21, rule 7). The header's working location,
 * when it names one, still comes first.
 */
const keyOf = (userId: string) => `stockbook-sale-location:${userId}`;

export function rememberedSaleLocation(userId: string | undefined, allowed: readonly { _id: string }[]): string | undefined {
  if (!userId) return undefined;
  try {
    const id = window.localStorage.getItem(keyOf(userId));
    return id && allowed.some((location) => location._id === id) ? id : undefined;
  } catch {
    return undefined; // storage blocked: nothing remembered
  }
}

export function rememberSaleLocation(userId: string | undefined, locationId: string): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(keyOf(userId), locationId);
  } catch {
    // storage blocked: the choice lasts this visit only
  }
}
