/** The shop's calls (docs/product/commerce.md): the catalogue, orders, the history and the sandbox's decision. */
import type { Answer } from '@mirage/contract';
import type { MoneyCurrency } from '@mirage/domain';
import { call } from '../api/index.ts';
import type { ProviderId } from './checkout.ts';

export type Shop = Answer<'getShop'>;
export type Pack = Shop['packs'][number];
export type PlanOfferView = Shop['plans'][number];
export type PaymentPage = Answer<'listPayments'>;
export type Payment = PaymentPage['items'][number];

export const fetchShop = (signal?: AbortSignal) => call('getShop', {}, signal);

export const fetchPayments = (page: number, size: number, signal?: AbortSignal) =>
  call('listPayments', { query: { page, size } }, signal);

export const createOrder = (provider: ProviderId, product: string, currency: MoneyCurrency) =>
  call('createOrder', { params: { provider }, body: { product, currency } });

export const decideSandboxPayment = (orderId: string, approve: boolean) =>
  call('decideSandboxPayment', { params: { orderId }, body: { approve } });

export type RedeemAnswer = Answer<'redeemSerialKey'>;
export type Reseller = Answer<'listResellers'>['resellers'][number];

export const fetchResellers = (signal?: AbortSignal) => call('listResellers', {}, signal);

/** Redeems a key at a reseller; `confirm` answers the redeem-conflicts modal (decisions "Redeem conflicts"). */
export const redeemSerialKey = (reseller: string, serialKey: string, confirm: boolean) =>
  call('redeemSerialKey', { params: { reseller, serialKey }, query: { confirm } });

export type SubscriptionView = Answer<'getSubscription'>;
export const fetchSubscription = (signal?: AbortSignal) => call('getSubscription', {}, signal);
