export * from './api-error';
export * from './http';
export * from './system.queries';
export * from './account.queries';
export * from './live-data';
export * from './inventory.queries';
export * from './sales.queries';
export * from './transfers.queries';
