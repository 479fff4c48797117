import {
  CFG_BY_CREATIVITY,
  DEFAULT_CREATIVITY,
  GUIDE_IMAGES,
  HIRES_FACTORS,
  curatedImageSize,
  type GuideComparator,
  type GuideImage,
} from '@mirage/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../ui/icons/ChevronDownIcon.tsx';
import { imageUrls } from '../generator/index.ts';
import styles from './Comparator.module.css';

/** What a caption names: the seed as typed, the guidance, the hi-res factor in the language's numbers. */
function captionValues(image: GuideImage, lang: string) {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  return {
    seed: String(image.seed),
    cfg: number.format(image.cfg ?? CFG_BY_CREATIVITY[image.creativity ?? DEFAULT_CREATIVITY]),
    factor: number.format(HIRES_FACTORS[image.quality]),
  };
}

/**
 * An image comparator (spec §2 "Guide"): its label, how many pictures it holds, and a button that shows or
 * hides them. The pictures are the built-in curated images (packages/domain GUIDE_IMAGES), served like any
 * image file; they load only once the gallery is opened.
 */
export function Comparator({ id, label }: { id: GuideComparator; label: string }) {
  const { t, i18n } = useTranslation('guide');
  const [open, setOpen] = useState(false);
  const galleryId = useId();
  const images = GUIDE_IMAGES[id];
  return (
    <figure className={styles.comparator} data-testid={`comparator-${id}`}>
      <div className={styles.bar}>
        <figcaption className={styles.label}>
          <span className={styles.title}>{label}</span>
          <span className={styles.count} data-testid="comparator-count">
            {t('comparator.count', { count: images.length })}
          </span>
        </figcaption>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={galleryId}
          onClick={() => setOpen((value) => !value)}
          data-testid="comparator-toggle"
        >
          {open ? t('comparator.hide') : t('comparator.show')}
          <ChevronDownIcon size={16} className={styles.chevron} />
        </button>
      </div>
      <ul id={galleryId} className={styles.gallery} hidden={!open} data-count={images.length}>
        {open &&
          images.map((image) => {
            const size = curatedImageSize(image);
            const caption = t(`caption.${image.caption}`, captionValues(image, i18n.language));
            return (
              <li key={image.uuid} className={styles.item}>
                <a
                  href={imageUrls(image.uuid).full}
                  target="_blank"
                  rel="noreferrer"
                  className={styles.frame}
                >
                  <img
                    src={imageUrls(image.uuid).thumbnail}
                    alt={caption}
                    width={size.width}
                    height={size.height}
                    loading="lazy"
                    decoding="async"
                    data-testid="comparator-image"
                  />
                </a>
                <span className={styles.caption}>
                  {caption}
                  <span className={styles.size}>
                    {size.width}×{size.height}
                  </span>
                </span>
              </li>
            );
          })}
      </ul>
    </figure>
  );
}
