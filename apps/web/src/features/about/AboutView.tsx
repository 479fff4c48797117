import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../ui/Button.tsx';
import {
  CompassIcon,
  ExternalIcon,
  HeartIcon,
  ShieldIcon,
  SparkleIcon,
  StarIcon,
  UserIcon,
} from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSocialLinks } from '../community/index.ts';
import { useContent } from '../content/index.ts';
import { useSession } from '../session/index.ts';
import { useSiteInfo, type TeamMember } from '../site/index.ts';
import { parseAboutContent } from './content.ts';
import { teamCards } from './team.ts';
import styles from './About.module.css';

/** One icon per vision point, in the content's order. */
const POINT_ICONS = [ShieldIcon, HeartIcon, StarIcon];

export interface AboutViewProps {
  /** A team member's picture (the page draws the player's avatar). */
  avatar: (member: TeamMember) => ReactNode;
  /** The address of a member's public profile. */
  profileHref: (member: TeamMember) => string;
}

/**
 * /about (spec §2 Routes; docs/product/content.md#about-page): the story, the vision, the team of two with
 * links to their profiles (TEAM_USERNAMES through GET /api/config/site), the community's channels, and
 * thanks. The text is the content document about.json in the interface language.
 */
export function AboutView({ avatar, profileHref }: AboutViewProps) {
  const { t } = useTranslation(['about', 'pages', 'common']);
  const content = useContent('about', parseAboutContent);
  const site = useSiteInfo();
  const social = useSocialLinks();
  const { signedIn } = useSession();
  if (!content) {
    return (
      <div className={styles.loading} role="status">
        <Spinner size={28} />
        <span className="visually-hidden">{t('about:loading')}</span>
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="about-page">
      <header className={styles.hero}>
        <div className={styles.heroGlow} aria-hidden="true" />
        <p className={styles.eyebrow}>
          <SparkleIcon size={16} />
          Mirage
        </p>
        <h1 className={styles.title}>{t('pages:about.title')}</h1>
        <p className={styles.lead}>{content.lead}</p>
      </header>

      <section className={styles.section} aria-labelledby="about-story">
        <h2 id="about-story" className={styles.sectionTitle}>
          {content.story.title}
        </h2>
        <div className={styles.prose}>
          {content.story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-vision">
        <h2 id="about-vision" className={styles.sectionTitle}>
          {content.vision.title}
        </h2>
        <div className={styles.prose}>
          {content.vision.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ul className={styles.points}>
          {content.vision.points.map((point, index) => {
            const Icon = POINT_ICONS[index % POINT_ICONS.length]!;
            return (
              <li key={point.title} className={styles.point}>
                <span className={styles.pointIcon}>
                  <Icon />
                </span>
                <h3 className={styles.pointTitle}>{point.title}</h3>
                <p className={styles.pointText}>{point.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-team" data-testid="about-team">
        <h2 id="about-team" className={styles.sectionTitle}>
          {content.team.title}
        </h2>
        <p className={styles.sectionLead}>{content.team.lead}</p>
        <ul className={styles.team}>
          {teamCards(content.team.members, site?.team ?? []).map(({ role, text, member }) => (
            <li key={role} className={styles.member} data-testid="about-team-member">
              {member ? (
                <Link
                  to={profileHref(member)}
                  className={styles.memberLink}
                  aria-label={t('about:team_profile', { username: member.username })}
                  data-testid="about-team-link"
                >
                  {avatar(member)}
                  <span className={styles.memberName}>{member.username}</span>
                </Link>
              ) : (
                <span className={styles.memberIcon} aria-hidden="true">
                  <UserIcon size={32} />
                </span>
              )}
              <h3 className={styles.memberRole}>{role}</h3>
              <p className={styles.pointText}>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-community" data-testid="about-community">
        <h2 id="about-community" className={styles.sectionTitle}>
          {content.community.title}
        </h2>
        <p className={styles.sectionLead}>{content.community.text}</p>
        {social.length > 0 ? (
          <ul className={styles.channels} aria-label={t('about:community_links')}>
            {social.map(({ place, href }) => (
              <li key={place}>
                <a
                  className={styles.channel}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`about-community-${place}`}
                >
                  {t(`common:community.${place}`)}
                  <ExternalIcon size={14} />
                  <span className="visually-hidden">{t('common:community.new_tab')}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.channelsNone}>
            {t('about:community_none')}{' '}
            <Link to="/explore" className={styles.inlineLink}>
              {t('about:community_gallery')}
            </Link>
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="about-thanks">
        <h2 id="about-thanks" className={styles.sectionTitle}>
          {content.thanks.title}
        </h2>
        <div className={styles.prose}>
          {content.thanks.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className={styles.band} aria-labelledby="about-start">
        <h2 id="about-start" className={styles.bandTitle}>
          {t('about:cta_title')}
        </h2>
        <div className={styles.bandActions}>
          {!signedIn && (
            <ButtonLink to="/account/signup" variant="primary" size="lg">
              {t('about:cta_signup')}
            </ButtonLink>
          )}
          <ButtonLink to="/explore" variant="outline" size="lg">
            <CompassIcon size={18} />
            {t('about:cta_explore')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
