export * from './themed-antd';
export * from './form-alert';
export * from './page';
export * from './query-state';
export * from './schema-rule';
export * from './server-errors';
export * from './use-current-user';
export * from './use-notify';
