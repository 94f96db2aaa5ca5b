export * from './federation-probe';
export * from './shell-context';
export * from './theme';
