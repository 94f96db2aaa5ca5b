import { ThemedAntd } from '@stockbook/ui/antd';
import { InventorySection } from './inventory-section';

// Opened on the items screen (the section's default), its code starts with this module instead
// of once the frame, the session and the section have rendered (the section's lazy import then
// finds it loaded or on the way). The other screens stay loaded when first shown.
if (/\/inventory(\/items\/[^/]+)?\/?$/.test(window.location.pathname)) {
  import('./items/items-page').catch(() => undefined); // the section's own import reports a failure
}

/** `./App`: the inventory section (items, categories, attributes, suppliers), mounted by the shell at /x/inventory/*. */
export default function InventoryApp() {
  return (
    <ThemedAntd>
      <InventorySection />
    </ThemedAntd>
  );
}
