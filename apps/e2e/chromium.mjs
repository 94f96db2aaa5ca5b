// The Chromium the browser tests and the frontend bench drive: Debian's (CHROMIUM_PATH overrides
// it), headless, with what a throwaway profile does not need switched off.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Headless Chromium renders its own omnibox popup (a WebUI page) for every new window: about
  // 0.5 to 1 s of a core beside each page a test or the bench opens (measured from a trace of
  // /x/inventory: the popup's renderer ran flat out for the page's first second), which a
  // person opening the app in a tab does not pay.
  '--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,WebUIOmniboxPopup,AimEnabled',
];
