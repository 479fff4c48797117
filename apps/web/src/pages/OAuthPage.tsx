import { OAuthReturn } from '../features/oauth/OAuthReturn.tsx';

/** /oauth: the provider's return address (no shell, no guards). */
export default function OAuthPage() {
  return <OAuthReturn />;
}
