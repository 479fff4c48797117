import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { errorCode } from '../../api/index.ts';
import { PageMeta } from '../../meta/index.ts';
import { useSession } from '../../session/index.ts';
import { usePlayer } from '../queries.ts';
import { OwnerTabs } from './OwnerTabs.tsx';
import { ProfileHero, type HeroData } from './ProfileHero.tsx';
import { ProfileSkeleton } from './ProfileSkeleton.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import { PublicAchievements } from './PublicAchievements.tsx';
import { publicProfileKey, usePublicProfile } from './queries.ts';
import { profileHref } from './slug.ts';
import { usePlayerTexts } from '../texts.ts';
import styles from './Profile.module.css';

/**
 * /profile/{username}-{id} (docs/product/player.md): anyone sees the player's name in its colour, avatar,
 * level, title and statistics; the owner also sees coins, the XP bar, an edit mode (look and title) and the
 * achievements and rewards tabs. An unknown user is the not-found page; an old username leads to the
 * current one.
 */
export function ProfileView({ userId, slugUsername }: { userId: number; slugUsername: string }) {
  const { t } = usePlayerTexts();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const isOwner = me?.id === userId;
  const profile = usePublicProfile(userId);
  const player = usePlayer(isOwner);
  const [editing, setEditing] = useState(false);

  if (profile.isError && errorCode(profile.error) === 'not_found') return <Navigate to="/404" replace />;
  if (profile.data && profile.data.username !== slugUsername) {
    return <Navigate to={`${profileHref(profile.data.username, userId)}${location.hash}`} replace />;
  }

  if (!profile.data) {
    return (
      <div className={styles.page}>
        {profile.isError ? (
          <div className={styles.failed}>
            <PageMeta title={t('profile.loadFailed')} />
            <Alert>{t('profile.loadFailed')}</Alert>
            <Button
              variant="secondary"
              onClick={() => void queryClient.refetchQueries({ queryKey: publicProfileKey(userId) })}
            >
              {t('profile.retry')}
            </Button>
          </div>
        ) : (
          <ProfileSkeleton owner={isOwner} label={t('profile.loading')} />
        )}
      </div>
    );
  }

  // The owner's own answer is fresher (a purchase, a new look or title shows at once); anyone else's is public.
  const own = isOwner ? player.data : undefined;
  const source = own ?? profile.data;
  const hero: HeroData = {
    username: profile.data.username,
    level: source.level,
    title: source.title,
    equipped: source.equipped,
  };

  return (
    <div className={styles.page} data-testid="profile">
      <PageMeta title={t('profile.metaTitle', { username: profile.data.username })} />
      <ProfileHero data={hero} owner={isOwner ? { player: player.data, editing, setEditing } : undefined} />
      <ProfileStats stats={source} />
      {isOwner ? (
        <OwnerTabs player={player.data} username={profile.data.username} />
      ) : (
        <PublicAchievements userId={userId} />
      )}
    </div>
  );
}
