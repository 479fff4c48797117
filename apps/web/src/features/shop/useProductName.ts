import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeProduct } from './products.ts';

/** A product id as the buyer reads it: "400 tickets", "Pro — 1 month". */
export function useProductName(): (id: string) => string {
  const { t } = useTranslation('shop');
  return useCallback(
    (id: string) => {
      const product = describeProduct(id);
      if (!product) return t('product.unknown', { id });
      if (product.kind === 'pack') return t('product.pack', { count: product.tickets });
      return t('product.plan', { plan: t(`plans.names.${product.plan}`), count: product.months });
    },
    [t],
  );
}
