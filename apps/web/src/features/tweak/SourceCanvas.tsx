import { lazy, Suspense, useCallback, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { MaskState } from './mask/MaskEditor.tsx';
import { loadMaskEditor } from './maskLoader.ts';
import { maskOf } from './persistence.ts';
import type { SourceImage } from './source.ts';
import { useTweak } from './TweakContext.ts';
import styles from './Tweak.module.css';

const MaskEditor = lazy(() => loadMaskEditor().then((module) => ({ default: module.MaskEditor })));

/** Where the editor will be, while its code loads: the picture's shape, so nothing jumps. */
function EditorPlaceholder({ source }: { source: SourceImage }) {
  const { t } = useTranslation('tweak');
  return (
    <div
      className={styles.previewFrame}
      style={{ '--ratio': source.width / source.height } as CSSProperties}
      data-testid="tweak-editor-loading"
    >
      <div className={styles.frameStatus}>
        <Spinner size={28} label={t('loading')} />
      </div>
    </div>
  );
}

/** Inpaint's canvas: the mask editor over the source, starting from the mask kept for it (tweakData). */
function InpaintCanvas({ source }: { source: SourceImage }) {
  const { data, onMask, pending } = useTweak();
  // Read once per source: the editor takes its initial mask on mount only.
  const [initialMask] = useState(() => maskOf(data, source.uuid, source.width, source.height));
  const onChange = useCallback(
    (state: MaskState) => onMask({ source: source.uuid, document: state.document, empty: state.empty }),
    [onMask, source.uuid],
  );
  return (
    <Suspense fallback={<EditorPlaceholder source={source} />}>
      <MaskEditor
        imageUrl={source.url}
        width={source.width}
        height={source.height}
        initialMask={initialMask}
        onChange={onChange}
        disabled={pending}
      />
    </Suspense>
  );
}

/** Style to Style redraws the whole picture: the source as it is, and what happens to it. */
function ConvertPreview({ source }: { source: SourceImage }) {
  const { t } = useTranslation('tweak');
  return (
    <figure className={styles.preview}>
      <div
        className={styles.previewFrame}
        style={{ '--ratio': source.width / source.height } as CSSProperties}
      >
        <img
          className={styles.previewImage}
          src={source.url}
          alt={t('source.alt')}
          data-testid="tweak-source-image"
        />
      </div>
      <figcaption className={styles.hint}>{t('convert.preview')}</figcaption>
    </figure>
  );
}

/** The left column's picture: the canvas to paint on, or the source to convert; and whose image it is. */
export function SourceCanvas({ source, username }: { source: SourceImage; username: string }) {
  const { t } = useTranslation('tweak');
  const { mode } = useTweak();
  return (
    <div className={styles.canvas} data-testid="tweak-canvas" data-mode={mode}>
      {mode === 'inpaint' ? (
        <InpaintCanvas key={source.uuid} source={source} />
      ) : (
        <ConvertPreview source={source} />
      )}
      <p className={styles.sourceLine}>
        <ImageIcon size={16} />
        <span>
          {source.isOwner ? t('source.yours') : t('source.by', { username })}
          {' · '}
          <Link to={`/image/${source.uuid}`} data-testid="tweak-source-link">
            {t('source.open')}
          </Link>
          {' · '}
          <Link to="/creations" data-testid="tweak-change-image">
            {t('source.change')}
          </Link>
        </span>
      </p>
    </div>
  );
}
