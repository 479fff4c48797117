import {
  curatedImageSize,
  PROMO_CATEGORIES,
  PROMO_SAMPLES,
  type PromoCategory,
  type PromoPage,
  type PromoSample,
} from '@mirage/domain';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOffIcon } from '../../ui/icons.tsx';
import { AgeDialog, isBlurred, useAgeConfirmed } from '../gallery/index.ts';
import { useSession } from '../session/index.ts';
import { nextTab } from './tabs.ts';
import styles from './PromoGallery.module.css';

/** A picture's files (docs/product/image-viewer.md#files): the thumbnail is enough for a grid cell. */
const thumbnailOf = (uuid: string) => `/images/${uuid}-min.webp`;

/**
 * The sample gallery by category (spec §2 "Promo pages"): one tab per category, the page's pictures in a
 * grid. NSFW-flagged pictures get the galleries' over-18 treatment: blurred for a visitor who has not
 * confirmed being 18, and pressing one asks (the same answer, kept in this browser, unblurs every gallery).
 */
export function PromoGallery({
  page,
  descriptions,
}: {
  page: PromoPage;
  descriptions: Record<string, string>;
}) {
  const { t } = useTranslation('promo');
  const [selected, setSelected] = useState<PromoCategory>(PROMO_CATEGORIES[0]);
  const [ageOpen, setAgeOpen] = useState(false);
  const { signedIn } = useSession();
  const confirmed = useAgeConfirmed();
  const tabs = useRef<Partial<Record<PromoCategory, HTMLButtonElement | null>>>({});

  const select = (category: PromoCategory, focus = false) => {
    setSelected(category);
    if (focus) tabs.current[category]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTab(PROMO_CATEGORIES, selected, event.key);
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className={styles.gallery}>
      <div role="tablist" aria-label={t('gallery_tabs')} className={styles.tabs}>
        {PROMO_CATEGORIES.map((category) => (
          <button
            key={category}
            ref={(node) => {
              tabs.current[category] = node;
            }}
            type="button"
            role="tab"
            id={`promo-tab-${category}`}
            aria-selected={category === selected}
            aria-controls={category === selected ? `promo-panel-${category}` : undefined}
            tabIndex={category === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(category)}
            onKeyDown={onKeyDown}
            data-testid={`promo-tab-${category}`}
          >
            {t(`categories.${category}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`promo-panel-${selected}`}
        aria-labelledby={`promo-tab-${selected}`}
        className={styles.panel}
        data-testid="promo-panel"
        data-category={selected}
      >
        <ul className={styles.samples}>
          {PROMO_SAMPLES[page][selected].map((sample) => (
            <SampleCard
              key={sample.uuid}
              sample={sample}
              description={sample.description ? descriptions[sample.description] : undefined}
              category={t(`categories.${selected}`)}
              blurred={isBlurred(sample, signedIn, confirmed)}
              onReveal={() => setAgeOpen(true)}
            />
          ))}
        </ul>
      </div>
      <AgeDialog open={ageOpen} onClose={() => setAgeOpen(false)} />
    </div>
  );
}

interface SampleCardProps {
  sample: PromoSample;
  description: string | undefined;
  category: string;
  blurred: boolean;
  onReveal: () => void;
}

function SampleCard({ sample, description, category, blurred, onReveal }: SampleCardProps) {
  const { t } = useTranslation(['promo', 'gallery']);
  const [failed, setFailed] = useState(false);
  const { width, height } = curatedImageSize(sample);
  const alt = description
    ? t('promo:sample_alt', { description })
    : t('promo:sample_alt_category', { category });
  const picture = (
    <img
      className={styles.sampleImage}
      src={thumbnailOf(sample.uuid)}
      alt={blurred ? '' : alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      draggable={false}
      // A picture not painted yet (the first minutes of a new installation) leaves its frame's gradient.
      data-failed={failed || undefined}
      onError={() => setFailed(true)}
    />
  );
  return (
    <li className={styles.sample} data-testid="promo-sample" data-uuid={sample.uuid} data-nsfw={sample.nsfw}>
      {blurred ? (
        <button
          type="button"
          className={styles.sampleFrame}
          data-blurred="true"
          aria-label={`${t('gallery:card.nsfw')}: ${t('gallery:card.reveal')}`}
          onClick={onReveal}
          data-testid="promo-sample-reveal"
        >
          {picture}
          <span className={styles.veil}>
            <EyeOffIcon size={22} />
            <span className={styles.veilText}>{t('gallery:card.reveal')}</span>
          </span>
        </button>
      ) : (
        <figure className={styles.sampleFrame} data-blurred="false">
          {picture}
          <span className={styles.aiBadge} title={t('promo:ai_label_long')} aria-hidden="true">
            {t('promo:ai_label')}
          </span>
          {description && <figcaption className={styles.caption}>{description}</figcaption>}
        </figure>
      )}
    </li>
  );
}
