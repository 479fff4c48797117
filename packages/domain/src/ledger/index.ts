export * from './currency.ts';
export * from './reason.ts';
export * from './movement.ts';
