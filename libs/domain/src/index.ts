export * from './currency';
export * from './permissions';
