import { isLegalDoc } from '@mirage/domain/legal';
import { Navigate, useParams } from 'react-router';
import { LegalView } from '../features/legal/index.ts';

/**
 * /legal/:doc (docs/product/legal.md): the privacy policy, the terms of service, the notice and takedown
 * policy or the 18+ statement. Any other name is the not-found page.
 */
export default function LegalPage() {
  const { doc } = useParams();
  if (!isLegalDoc(doc)) return <Navigate to="/404" replace />;
  return <LegalView doc={doc} />;
}
