import { Navigate, useParams } from 'react-router';
import { ProfileView } from '../features/player/profile/ProfileView.tsx';
import { parseProfileSlug } from '../features/player/profile/slug.ts';

/**
 * /profile/{username}-{id} (docs/product/routes.md#routes): a player's public profile; the owner's own
 * has more (docs/product/player.md). An address of another form is the not-found page.
 */
export default function ProfilePage() {
  const { slug } = useParams();
  const parsed = parseProfileSlug(slug);
  if (!parsed) return <Navigate to="/404" replace />;
  // One view per user: another profile starts with its own state (edit mode, dialogs).
  return <ProfileView key={parsed.id} userId={parsed.id} slugUsername={parsed.username} />;
}
