/**
 * The shop (docs/product/commerce.md): /tickets with the plans, the ticket packs, the checkout, the purchase
 * history and the FAQ; and the sandbox provider's test checkout page.
 */
export { ShopView } from './ShopView.tsx';
export { SandboxCheckout } from './SandboxCheckout.tsx';
export { SIGNUP_FOR_SHOP } from './useCheckout.ts';
