/**
 * The shop (docs/product/commerce.md): /tickets with the plans, the ticket packs, the checkout, the purchase
 * history and the FAQ; the sandbox provider's test checkout page; the crypto provider's way back.
 */
export { ShopView } from './ShopView.tsx';
export { SandboxCheckout } from './SandboxCheckout.tsx';
export { CryptoReturn } from './CryptoReturn.tsx';
export { SIGNUP_FOR_SHOP } from './useCheckout.ts';
export { RedeemCard } from './RedeemCard.tsx';
/** The settings' plan cards, for a lazy import (`import('../shop/index.ts')` and its `loadPlanSettingsCards`). */
export const loadPlanSettingsCards = () => import('./PlanSettingsCards.tsx');
/** What the promo pages show of the plans: the catalogue, prices in the visitor's currency, each plan's lines. */
export { useShop } from './queries.ts';
export { formatMoney, readCurrency } from './money.ts';
export { planFeatures } from './products.ts';
export type { PlanOfferView } from './api.ts';
