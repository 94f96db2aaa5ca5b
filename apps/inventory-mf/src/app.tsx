import { RemotePlaceholder } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';
import { Alert } from 'antd';

/** The inventory section, mounted by the shell at /x/inventory/*. */
export default function InventoryApp() {
  return (
    <ThemedAntd>
      <RemotePlaceholder remote="inventory" version={__APP_VERSION__} title="Inventory">
        <p>Items and variants, batches at every location, categories, attributes and suppliers.</p>
        <Alert type="info" title="This section is being built." description="Its screens arrive with the next releases." />
      </RemotePlaceholder>
    </ThemedAntd>
  );
}
