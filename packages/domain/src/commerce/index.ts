/** Commerce (docs/product/commerce.md): the shop's catalogue, plans bought with money, and orders. */
export * from './catalogue.ts';
export * from './subscription.ts';
export * from './order.ts';
export * from './crypto-return.ts';
export * from './serial-key.ts';
export * from './referral.ts';
