export * from './remote-diagnostics';
export * from './remote-placeholder';
export * from './standalone';
export * from './loading-indicator';
export * from './use-mount-path';
export * from './dashboard-widget';
export * from './lazy-component';
export * from './use-address-action';
