import { RemotePlaceholder } from '@stockbook/ui';

/** The inventory section, mounted by the shell at /x/inventory/*. */
export default function InventoryApp() {
  return (
    <RemotePlaceholder remote="inventory" version={__APP_VERSION__} title="Inventory">
      <p>Items and variants, batches at every location, categories, attributes and suppliers.</p>
    </RemotePlaceholder>
  );
}
