import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { ImageIcon, RefreshIcon, SparkleIcon } from '../../ui/icons.tsx';
import { imageUrls, TaskCard } from '../generator/index.ts';
import type { SourceImage } from './source.ts';
import { useTweak } from './TweakContext.ts';
import { resultOf } from './tweakFlow.ts';
import { TWEAK_RESULT_ID } from './useTweakSubmit.ts';
import styles from './TweakResult.module.css';

/**
 * Before and after, one over the other: a slider uncovers the result from the left (a range input, so
 * arrows, Home and End work too).
 */
function Comparison({ source, result }: { source: SourceImage; result: string }) {
  const { t } = useTranslation('tweak');
  const [split, setSplit] = useState(50);
  const id = useId();
  return (
    <div className={styles.comparison}>
      <div
        className={styles.frame}
        style={{ '--ratio': source.width / source.height } as CSSProperties}
        data-testid="tweak-compare"
      >
        <img className={styles.picture} src={source.url} alt={t('result.alt_before')} />
        <img
          className={styles.picture}
          src={imageUrls(result).full}
          alt={t('result.alt_after')}
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
          data-testid="tweak-result-image"
        />
        <span className={styles.divider} style={{ left: `${split}%` }} aria-hidden="true" />
        <span className={styles.badge} data-side="after" aria-hidden="true">
          {t('result.after')}
        </span>
        <span className={styles.badge} data-side="before" aria-hidden="true">
          {t('result.before')}
        </span>
      </div>
      <label htmlFor={id} className="visually-hidden">
        {t('result.compare')}
      </label>
      <input
        id={id}
        type="range"
        className={styles.slider}
        min={0}
        max={100}
        value={split}
        aria-valuetext={t('result.compare_value', { percent: split })}
        onChange={(event) => setSplit(Number(event.target.value))}
        data-testid="tweak-compare-slider"
      />
    </div>
  );
}

/** A finished tweak: the comparison, and where to go from it. */
function Finished({ result, source }: { result: string; source: SourceImage }) {
  const { t } = useTranslation('tweak');
  const { continueFrom, setTaskId } = useTweak();
  return (
    <section className={styles.result} aria-labelledby="tweak-result-title" data-testid="tweak-result">
      <header className={styles.header}>
        <h2 id="tweak-result-title" className={styles.title}>
          {t('result.title')}
        </h2>
        <p className={styles.saved}>{t('result.saved')}</p>
      </header>
      <Comparison source={source} result={result} />
      <div className={styles.actions}>
        <ButtonLink to={`/image/${result}`} variant="primary" size="sm" data-testid="tweak-result-open">
          <ImageIcon size={16} />
          {t('result.open')}
        </ButtonLink>
        <Button
          variant="outline"
          size="sm"
          onClick={() => continueFrom(result)}
          data-testid="tweak-result-again"
        >
          <SparkleIcon size={16} />
          {t('result.again')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setTaskId(null)} data-testid="tweak-result-back">
          <RefreshIcon size={16} />
          {t('result.back')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The tweak the studio sent (docs/product/generation.md#task-states: Queue → Tweak → Save → Done): its
 * progress and live preview as on /create while it runs (TaskCard), then the result beside the source.
 */
export function TweakProgress({ source }: { source: SourceImage }) {
  const { t } = useTranslation('tweak');
  const { followed } = useTweak();
  if (!followed) return null;
  const result = resultOf(followed);
  return (
    <div id={TWEAK_RESULT_ID} className={styles.area}>
      {result ? (
        <Finished result={result} source={source} />
      ) : (
        <section className={styles.progress} aria-label={t('progress.title')} data-testid="tweak-progress">
          <TaskCard task={followed} />
        </section>
      )}
    </div>
  );
}
