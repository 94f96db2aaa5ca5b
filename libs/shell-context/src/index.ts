export * from './federation-probe';
export * from './session';
export * from './shell-context';
export * from './theme';
