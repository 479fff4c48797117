import { useDeferredValue, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { LockIcon, PaletteIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { galleryPath } from '../gallery/index.ts';
import { useCatalogueText, useModifiers, useStyles } from '../catalogue/index.ts';
import type { ImageGenInfo, ImageInfo } from './api.ts';
import { formatDay, parseGenDate, splitTags } from './details.ts';
import { ChevronDownIcon, ChevronUpIcon, CopyIcon, WandIcon } from './icons.tsx';
import type { ImageActions } from './useImageActions.ts';
import styles from './InfoPanel.module.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The built-in preview engine's model name (apps/worker). */
const PREVIEW_MODEL = 'preview-renderer';

/** The generation settings: prompt, negative prompt, style, boosters, seed, size, format, quality. */
function GenDetails({ info, gen, actions }: { info: ImageInfo; gen: ImageGenInfo; actions: ImageActions }) {
  const { t } = useTranslation('image');
  const names = useCatalogueText();
  const styleList = useStyles().data;
  const categories = useModifiers().data;
  const style = styleList?.find((candidate) => candidate.id === gen.style_id);
  const boosterLib = (id: number) =>
    categories?.flatMap((category) => category.modifiers).find((modifier) => modifier.id === id)?.lib;
  const known = <T extends string>(list: Record<T, string>, value: string) =>
    value in list ? list[value as T] : value;

  return (
    <>
      <section className={styles.block} aria-labelledby="viewer-prompt-title">
        <div className={styles.blockHead}>
          <h3 id="viewer-prompt-title" className={styles.label}>
            {t('panel.prompt')}
          </h3>
          <Button
            variant="ghost"
            size="sm"
            className={styles.copy}
            onClick={() => void actions.copyPrompt()}
            aria-label={t('panel.copy_prompt')}
            title={t('panel.copy_prompt')}
          >
            <CopyIcon size={16} />
          </Button>
        </div>
        <p className={styles.prompt} data-testid="viewer-prompt">
          {gen.prompt}
        </p>
      </section>
      <section className={styles.block} aria-labelledby="viewer-neg-title">
        <h3 id="viewer-neg-title" className={styles.label}>
          {t('panel.neg_prompt')}
        </h3>
        <p className={styles.prompt} data-muted={!gen.neg_prompt} data-testid="viewer-neg-prompt">
          {gen.neg_prompt || t('panel.none')}
        </p>
      </section>
      <div className={styles.actions}>
        <Button variant="primary" block onClick={actions.clone} data-testid="viewer-clone">
          <WandIcon size={18} />
          {t('panel.clone')}
        </Button>
        {actions.canTweak && (
          <Button variant="outline" block onClick={actions.tweak} data-testid="viewer-tweak">
            <PaletteIcon size={18} />
            {t('panel.tweak')}
          </Button>
        )}
      </div>
      <dl className={styles.facts}>
        <Row label={t('panel.style')} testId="viewer-style">
          {style ? names.style(style.lib) : '—'}
        </Row>
        <Row label={t('panel.seed')} testId="viewer-seed">
          {gen.seed}
        </Row>
        {gen.model && (
          <Row label={t('panel.renderer')} testId="viewer-model">
            {/* docs/architecture.md: the built-in preview engine says what it is. */}
            {gen.model === PREVIEW_MODEL ? t('panel.renderer_preview') : gen.model}
          </Row>
        )}
        <Row label={t('panel.size')}>{t('panel.size_value', { width: info.width, height: info.height })}</Row>
        {info.source_uuid && (
          <Row label={t('panel.made_from')}>
            {/* A tweak's source, when the viewer may see it (the API leaves it out otherwise). */}
            <Link to={`/image/${info.source_uuid}`} data-testid="viewer-source">
              {t('panel.made_from_link')}
            </Link>
          </Row>
        )}
        <Row label={t('panel.format')}>
          {known(
            { Portrait: t('format.Portrait'), Wide: t('format.Wide'), Square: t('format.Square') },
            gen.format,
          )}
        </Row>
        <Row label={t('panel.quality')}>
          {known(
            { Standard: t('quality.Standard'), High: t('quality.High'), Ultra: t('quality.Ultra') },
            gen.quality,
          )}
        </Row>
        {gen.creativity && (
          <Row label={t('panel.creativity')}>
            {known(
              {
                Creative: t('creativity.Creative'),
                Balanced: t('creativity.Balanced'),
                Precise: t('creativity.Precise'),
              },
              gen.creativity,
            )}
          </Row>
        )}
      </dl>
      <section className={styles.block} aria-labelledby="viewer-boosters-title">
        <h3 id="viewer-boosters-title" className={styles.label}>
          {t('panel.boosters')}
        </h3>
        {gen.modifiers.length === 0 ? (
          <p className={styles.muted}>{t('panel.none')}</p>
        ) : (
          <ul className={styles.boosters} data-testid="viewer-boosters">
            {gen.modifiers.map((booster) => {
              const lib = boosterLib(booster.id);
              return (
                <li key={booster.id} className={styles.booster}>
                  <span>{lib ? names.booster(lib) : `#${booster.id}`}</span>
                  <span className={styles.weight}>
                    {t('panel.booster_weight', { weight: booster.weight })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

interface InfoPanelProps {
  info: ImageInfo;
  gen: ImageGenInfo | undefined;
  genPending: boolean;
  /** The error code when the generation data could not be read (image_no_gen_data for samples). */
  genError: string | null;
  actions: ImageActions;
  /** Phones: the panel is a bottom sheet, collapsed or expanded. Null on wide screens (always open). */
  expanded: boolean | null;
  onToggle: () => void;
}

/**
 * The creation day in the reader's language, written in a render after the first (React's deferred value,
 * false on mount): a page's first date format loads the language's calendar data, which held back the
 * viewer's first frame (and its picture) by ~0.2 s on a phone's CPU (issue 20). A no-break space keeps the
 * line's height until then.
 */
function CreationDay({ iso, day, language }: { iso: string; day: Date; language: string }) {
  const later = useDeferredValue(true, false);
  return (
    <time dateTime={iso} className={styles.date} data-testid="viewer-date">
      {later ? formatDay(day, language) : '\u00a0'}
    </time>
  );
}

/** The side panel (a bottom sheet on phones): author, date, generation settings and tags. */
export function InfoPanel({ info, gen, genPending, genError, actions, expanded, onToggle }: InfoPanelProps) {
  const { t, i18n } = useTranslation('image');
  const bodyId = useId();
  const tags = splitTags(info.tags);
  const day = (gen && parseGenDate(gen.created_at)) ?? new Date(info.created_at);
  const collapsed = expanded === false;

  return (
    <aside
      className={styles.panel}
      data-expanded={expanded ?? true}
      aria-label={t('panel.title')}
      data-testid="viewer-panel"
    >
      <div className={styles.head}>
        <div className={styles.author}>
          <span className={styles.avatar} aria-hidden="true">
            {info.username.slice(0, 1).toUpperCase()}
          </span>
          <div className={styles.authorText}>
            <span className={styles.by}>{t('panel.by')}</span>
            <Link
              to={galleryPath(info.username, info.user_id)}
              className={styles.username}
              aria-label={t('panel.author_gallery', { username: info.username })}
              data-testid="viewer-author"
            >
              {info.username}
            </Link>
          </div>
        </div>
        {expanded !== null && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label={t(expanded ? 'panel.hide' : 'panel.show')}
            data-testid="viewer-panel-toggle"
          >
            {expanded ? <ChevronDownIcon size={22} /> : <ChevronUpIcon size={22} />}
          </Button>
        )}
      </div>
      <div id={bodyId} className={styles.body} hidden={collapsed}>
        <div className={styles.badges}>
          <CreationDay iso={info.created_at} day={day} language={i18n.language} />
          {info.is_private && (
            <span className={styles.badge} data-testid="viewer-private-badge">
              <LockIcon size={14} />
              {t('private_badge')}
            </span>
          )}
          {info.upscaled && <span className={styles.badge}>{t('upscaled_badge')}</span>}
        </div>
        {gen ? (
          <GenDetails info={info} gen={gen} actions={actions} />
        ) : genPending ? (
          <div className={styles.loading}>
            <Spinner size={22} />
          </div>
        ) : (
          <p className={styles.muted} data-testid="viewer-no-gen">
            {genError === 'image_no_gen_data' ? t('panel.no_gen_data') : t('load_failed')}
          </p>
        )}
        {tags.length > 0 && (
          <section className={styles.block} aria-labelledby="viewer-tags-title">
            <h3 id="viewer-tags-title" className={styles.label}>
              {t('panel.tags')}
            </h3>
            <ul className={styles.tags} data-testid="viewer-tags">
              {tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    className={styles.tag}
                    onClick={() => void actions.searchTag(tag)}
                    aria-label={t('panel.tag_search', { tag })}
                    disabled={actions.pending === 'tag'}
                  >
                    {tag}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </aside>
  );
}
