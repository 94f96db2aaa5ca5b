import { Suspense, useState } from 'react';
import { lazyExport } from '@stockbook/ui';
import { MenuIcon } from './icons';

// The sheet's dialog code loads the first time the menu opens (or is about to).
const MobileMenuSheet = lazyExport(() => import('./mobile-menu-sheet'), 'default');
const loadSheet = () => MobileMenuSheet.preload().catch(() => undefined); // the sheet reports a failure when it opens

/** Small screens: a menu button opening a side menu with Features, Pricing and Documentation. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="sb-icon-button sb-menu-button"
        aria-label="Toggle Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen((current) => !current);
        }}
      >
        <MenuIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
