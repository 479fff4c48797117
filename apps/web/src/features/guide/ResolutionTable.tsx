import { FORMATS, QUALITIES, RESOLUTIONS, UPSCALE_FACTOR, type Format, type Size } from '@mirage/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ResolutionTable.module.css';

const size = ({ width, height }: Size) => `${width}×${height}`;

const COLUMN_LABEL = {
  base: 'table.base',
  Standard: 'table.standard',
  High: 'table.high',
  Ultra: 'table.ultra',
} as const;

const FORMAT_LABEL = {
  Portrait: 'table.portrait',
  Wide: 'table.wide',
  Square: 'table.square',
} as const satisfies Record<Format, string>;

/**
 * The resolution table of spec §9 (packages/domain RESOLUTIONS): a row per format, a column per size.
 * `kind="sizes"`: the base size and the three qualities; `kind="upscaled"`: each quality's size after the ×2
 * upscale.
 */
export function ResolutionTable({ kind }: { kind: 'sizes' | 'upscaled' }) {
  const { t } = useTranslation('guide');
  const columns = kind === 'sizes' ? (['base', ...QUALITIES] as const) : QUALITIES;
  const cell = (format: Format, column: (typeof columns)[number]) => {
    const final = RESOLUTIONS[format][column];
    if (kind === 'sizes') return size(final);
    return size({ width: final.width * UPSCALE_FACTOR, height: final.height * UPSCALE_FACTOR });
  };
  const caption = kind === 'sizes' ? t('table.sizes_caption') : t('table.upscaled_caption');
  const captionId = useId();
  // The caption sits outside the scrolling box: on a phone the table may scroll sideways, its title not.
  return (
    <figure className={styles.figure}>
      <figcaption id={captionId} className={styles.caption}>
        {caption}
      </figcaption>
      <div className={styles.wrap} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-labelledby={captionId} data-testid={`resolution-table-${kind}`}>
          <thead>
            <tr>
              <th scope="col">{t('table.format')}</th>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {t(COLUMN_LABEL[column])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FORMATS.map((format) => (
              <tr key={format}>
                <th scope="row">{t(FORMAT_LABEL[format])}</th>
                {columns.map((column) => (
                  <td key={column}>{cell(format, column)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
