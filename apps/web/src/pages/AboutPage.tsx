import { useTranslation } from 'react-i18next';
import { AboutView } from '../features/about/index.ts';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { PlayerAvatar } from '../features/player/look/index.ts';
import { usePublicProfile } from '../features/player/profile/queries.ts';
import { profileHref } from '../features/player/profile/slug.ts';
import type { TeamMember } from '../features/site/index.ts';

/** A team member's avatar as their profile shows it (their equipped look; the default while it loads). */
function TeamAvatar({ member }: { member: TeamMember }) {
  const profile = usePublicProfile(member.id);
  return <PlayerAvatar equipped={profile.data?.equipped} size={88} />;
}

/** /about: the about page, with the player's avatars and profile addresses for the team. */
export default function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageMeta title={t('about.title')} />
      <AboutView
        avatar={(member) => <TeamAvatar member={member} />}
        profileHref={(member) => profileHref(member.username, member.id)}
      />
    </>
  );
}
