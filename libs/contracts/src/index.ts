export * from './error.contract';
export * from './federation.contract';
export * from './health.contract';
export * from './docs.contract';
export * from './permissions.contract';
export * from './auth.contract';
