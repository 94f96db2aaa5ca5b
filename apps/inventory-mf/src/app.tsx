import { ThemedAntd } from '@stockbook/ui/antd';
import { InventorySection } from './inventory-section';

/** `./App`: the inventory section (items, categories, attributes, suppliers), mounted by the shell at /x/inventory/*. */
export default function InventoryApp() {
  return (
    <ThemedAntd>
      <InventorySection />
    </ThemedAntd>
  );
}
