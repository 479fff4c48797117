import { isCryptoReturnStatus } from '@mirage/domain';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { CryptoReturn } from '../features/shop/index.ts';

/** /crypto-payment/{success|cancel}: the crypto provider's way back (features/shop/CryptoReturn.tsx). */
export default function CryptoPaymentPage() {
  const { status } = useParams();
  const [search] = useSearchParams();
  if (!isCryptoReturnStatus(status)) return <Navigate to="/explore" replace />;
  return <CryptoReturn status={status} orderId={search.get('order')} />;
}
