import { lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CloseIcon, EyeOffIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { OnFirstUse, useOnFirstUse } from '../../ui/OnFirstUse.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { TagCombobox } from '../gallery/index.ts';
import { withHiddenTag, withoutHiddenTag, type HiddenTag } from './hiddenTags.ts';
import { SystemTagMenuButton } from './SystemTagMenuButton.tsx';
import { useHiddenTags, useSetHiddenTags } from './useHiddenTags.ts';
import { useTagLabel } from './useTagLabel.ts';
import styles from './Settings.module.css';

/**
 * Hidden tags (docs/product/gallery.md#hidden-tags: blacklisted-tags chips): images with any of them are
 * hidden everywhere.
 * The list as removable chips; prompt tags are added with the gallery's tag autocomplete, styles and
 * filters (render, format, generation type) from a grouped menu. Each change is saved at once.
 */
// The system tags menu and its library load on the first press of its button (ui/OnFirstUse.tsx).
const loadSystemTagMenu = () => import('./SystemTagMenu.tsx');
const SystemTagMenu = lazy(() => loadSystemTagMenu().then((module) => ({ default: module.SystemTagMenu })));

export function HiddenTagsCard() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const id = useId();
  const labelOf = useTagLabel();
  const query = useHiddenTags();
  const setHidden = useSetHiddenTags();
  const hidden = query.data ?? [];
  const hiddenIds = new Set(hidden.map((tag) => tag.id));
  const systemMenu = useOnFirstUse(loadSystemTagMenu);

  function save(next: readonly HiddenTag[], notice: string) {
    setHidden.mutate(next, {
      onSuccess: () => notify(notice, 'success'),
      onError: (caught) => notify(errorText(errorCode(caught)), 'error'),
    });
  }
  const hide = (tag: HiddenTag) => {
    if (!hiddenIds.has(tag.id))
      save(withHiddenTag(hidden, tag), t('hidden_tags.hidden', { tag: labelOf(tag) }));
  };
  const show = (tag: HiddenTag) =>
    save(withoutHiddenTag(hidden, tag.id), t('hidden_tags.shown', { tag: labelOf(tag) }));

  return (
    <Card
      title={t('hidden_tags.title')}
      description={t('hidden_tags.description')}
      icon={<EyeOffIcon />}
      testId="hidden-tags"
    >
      {query.isPending ? (
        <Spinner size={24} label={t('hidden_tags.loading')} />
      ) : query.isError && !query.data ? (
        <div className={styles.stack}>
          <Alert>{t('hidden_tags.load_failed')}</Alert>
          <div>
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {hidden.length > 0 ? (
            <ul
              className={styles.tagChips}
              aria-label={t('hidden_tags.list_label')}
              data-testid="hidden-tags-list"
            >
              {hidden.map((tag) => {
                const label = labelOf(tag);
                return (
                  <li key={tag.id}>
                    <button
                      type="button"
                      className={styles.tagChip}
                      data-kind={tag.kind}
                      data-tag-id={tag.id}
                      aria-label={t('hidden_tags.remove', { tag: label })}
                      title={t('hidden_tags.remove', { tag: label })}
                      onClick={() => show(tag)}
                      data-testid="hidden-tag"
                    >
                      {tag.kind !== 'prompt' && (
                        <span className={styles.tagKind}>{t(`hidden_tags.kind.${tag.kind}`)}</span>
                      )}
                      <span className={styles.tagName}>{label}</span>
                      <CloseIcon size={14} />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={styles.muted} data-testid="hidden-tags-empty">
              {t('hidden_tags.empty')}
            </p>
          )}

          <div className={styles.tagAdd}>
            <label className={styles.rowLabel} htmlFor={`${id}-input`}>
              {t('hidden_tags.prompt_label')}
            </label>
            <p id={`${id}-hint`} className={styles.hint}>
              {t('hidden_tags.prompt_hint')}
            </p>
            <TagCombobox
              inputId={`${id}-input`}
              describedBy={`${id}-hint`}
              exclude={hiddenIds}
              onPick={(tag) => hide({ ...tag, kind: 'prompt' })}
              placeholder={t('hidden_tags.placeholder')}
              testId="hidden-tags-input"
              listTestId="hidden-tags-options"
            />
          </div>
          <OnFirstUse wanted={systemMenu.wanted} plain={<SystemTagMenuButton {...systemMenu.buttonProps} />}>
            <SystemTagMenu hiddenIds={hiddenIds} labelOf={labelOf} onHide={hide} onShow={show} defaultOpen />
          </OnFirstUse>
        </>
      )}
    </Card>
  );
}
