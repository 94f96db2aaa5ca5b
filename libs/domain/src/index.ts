export * from './currency';
export * from './permissions';
export * from './stock';
export * from './variants';
