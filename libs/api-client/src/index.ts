export * from './api-error';
export * from './http';
export * from './system.queries';
