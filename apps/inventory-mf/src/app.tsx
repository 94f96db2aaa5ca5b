import { ThemedAntd } from '@stockbook/ui/antd';
import { InventorySection, preloadItemsScreen } from './inventory-section';

// The items screen (where Inventory opens) loads with this module, which waits for it, unless
// another inventory screen is open: on /x/inventory it starts at once instead of once the frame,
// the session and the section have rendered, and the section's first render finds it loaded.
// Otherwise the screen suspends inside the section just revealed, and React holds that reveal
// back until 300 ms after the last fallback shown (measured: 150 to 250 ms idle on a page
// load). Loaded ahead from another section (the shell preloads the sections when the page is
// idle), a move in the sidebar renders it at once. The other screens load when first shown.
// The same paths are in apps/shell/public/route-preload.js, which hints this screen's files from
// <head>: change both together.
if (!/\/inventory\/(?!items\/[^/]+\/?$)./.test(window.location.pathname)) {
  await preloadItemsScreen().catch(() => undefined); // the section reports a failure when it renders the screen
}

/** `./App`: the inventory section (items, categories, attributes, suppliers), mounted by the shell at /x/inventory/*. */
export default function InventoryApp() {
  return (
    <ThemedAntd>
      <InventorySection />
    </ThemedAntd>
  );
}
