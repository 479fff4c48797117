import { Navigate, useParams } from 'react-router';
import { useSession } from '../features/session/index.ts';
import { SandboxCheckout } from '../features/shop/index.ts';

/**
 * /payment/sandbox/{orderId}: the sandbox provider's test checkout (docs/product/commerce.md#providers).
 * Signed in only: a guest has no order, and goes to the gallery as on the other signed-in pages.
 */
export default function SandboxPaymentPage() {
  const { orderId = '' } = useParams();
  const { signedIn } = useSession();
  if (!signedIn) return <Navigate to="/explore" replace />;
  return <SandboxCheckout key={orderId} orderId={orderId} />;
}
