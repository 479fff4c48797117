import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlurhashImage } from '../../ui/BlurhashImage.tsx';
import { CheckIcon, EyeOffIcon, HeartIcon, LockIcon, PaletteIcon } from '../../ui/icons.tsx';
import { firstScreenDecoding, useImageLoaded } from '../../ui/useImageLoaded.ts';
import { useFileAddress } from '../files/index.ts';
import type { GalleryCard as Card } from './api.ts';
import { imageAlt } from './imageAlt.ts';
import type { CardBox } from './layout.ts';
import styles from './Card.module.css';

interface GalleryCardProps {
  card: Card;
  box: CardBox;
  href: string;
  /** NSFW for a visitor who has not confirmed being 18: blurred, and a press asks for the age. */
  blurred: boolean;
  onReveal: () => void;
  /** In selection mode (/collection), a press selects the image instead of opening it. */
  selecting?: boolean;
  selected?: boolean;
  onToggleSelect?: (uuid: string) => void;
  /** In the first visible row: the thumbnail loads at once, with high priority (the page's main image). */
  priority?: boolean;
  /** Where the card's "Tweak" action goes (/creations: the user's own images), if it has one. */
  tweakHref?: string;
  /** The viewer's own image: on a files host, its thumbnail needs their read token (features/files). */
  own?: boolean;
}

/**
 * One image of a board: a fixed-ratio box with the blurhash at once and the lazy WebP thumbnail fading
 * in over it (docs/architecture.md#look-and-feel: nothing jumps). Opens the viewer; private images carry a
 * lock.
 */
export const GalleryCard = memo(function GalleryCard({
  card,
  box,
  href,
  blurred,
  onReveal,
  selecting = false,
  selected = false,
  onToggleSelect,
  priority = false,
  tweakHref,
  own = false,
}: GalleryCardProps) {
  const { t } = useTranslation('gallery');
  const thumbnailSrc = useFileAddress(card.thumbnail_src, own);
  const thumbnail = useImageLoaded(thumbnailSrc ?? '', { atOnce: priority });
  const position: CSSProperties = {
    transform: `translate3d(${box.x}px, ${box.y}px, 0)`,
    width: box.width,
    height: box.height,
  };
  // What the image shows (its main tags, else its kind and format), in the viewer's language, and who made it.
  const alt = imageAlt(t, {
    mainTags: card.main_tags,
    username: card.username,
    render: card.render,
    format: card.format,
  });
  const inner = (
    <>
      <BlurhashImage hash={card.blurhash} className={styles.placeholder} />
      <img
        className={styles.thumbnail}
        src={thumbnailSrc ?? undefined}
        alt={blurred ? '' : alt}
        width={card.width}
        height={card.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={firstScreenDecoding(priority)}
        draggable={false}
        {...thumbnail}
      />
      {(card.is_private || card.is_favorite) && (
        <span className={styles.badges}>
          {card.is_private && (
            <span className={styles.badge} title={t('card.private')} data-testid="card-private">
              <LockIcon size={13} />
              <span className="visually-hidden">{t('card.private')}</span>
            </span>
          )}
          {card.is_favorite && (
            <span className={styles.badge} title={t('card.favorite')}>
              <HeartIcon size={13} />
              <span className="visually-hidden">{t('card.favorite')}</span>
            </span>
          )}
        </span>
      )}
      {blurred ? (
        <span className={styles.veil}>
          <EyeOffIcon size={22} />
          <span className={styles.veilText}>{t('card.reveal')}</span>
        </span>
      ) : (
        <span className={styles.byline} aria-hidden="true">
          {card.username}
        </span>
      )}
    </>
  );

  if (selecting) {
    return (
      <div role="listitem" className={styles.item} style={position}>
        <button
          type="button"
          className={styles.card}
          aria-pressed={selected}
          aria-label={t('card.select', { username: card.username })}
          data-selected={selected}
          data-testid="gallery-card"
          data-uuid={card.uuid}
          onClick={() => onToggleSelect?.(card.uuid)}
        >
          {inner}
          <span className={styles.check} aria-hidden="true">
            {selected && <CheckIcon size={16} />}
          </span>
        </button>
      </div>
    );
  }

  return (
    <div role="listitem" className={styles.item} style={position}>
      {blurred ? (
        <button
          type="button"
          className={styles.card}
          data-blurred="true"
          data-testid="gallery-card"
          data-uuid={card.uuid}
          aria-label={`${t('card.nsfw')}: ${t('card.reveal')}`}
          onClick={onReveal}
        >
          {inner}
        </button>
      ) : (
        <Link
          to={href}
          className={styles.card}
          data-testid="gallery-card"
          data-uuid={card.uuid}
          aria-label={alt}
        >
          {inner}
        </Link>
      )}
      {tweakHref && !blurred && (
        // Beside the card's link, not inside it (no link in a link): it sits over the card's corner.
        <Link
          to={tweakHref}
          className={styles.action}
          aria-label={t('card.tweak_label', { username: card.username })}
          data-testid="card-tweak"
          data-uuid={card.uuid}
        >
          <PaletteIcon size={14} />
          <span aria-hidden="true">{t('card.tweak')}</span>
        </Link>
      )}
    </div>
  );
});
