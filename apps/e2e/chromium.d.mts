/** Types of chromium.mjs, for the Playwright config. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
