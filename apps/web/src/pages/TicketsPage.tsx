import { ShopView } from '../features/shop/index.ts';

/** /tickets (docs/product/routes.md#routes): the shop. */
export default function TicketsPage() {
  return <ShopView />;
}
