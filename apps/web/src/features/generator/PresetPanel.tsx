import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { ChevronDownIcon, SearchIcon, ShuffleIcon, StarIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import {
  fetchRandomPreset,
  setPresetFavorite,
  type Preset,
  type PresetMap,
  useCatalogueText,
  presetsQueryKey,
  usePresets,
} from '../catalogue/index.ts';
import { useGenerator } from './GeneratorContext.ts';
import { buildPresetTree, type PresetNode } from './presetTree.ts';
import styles from './PresetPanel.module.css';

interface TreeProps {
  nodes: PresetNode[];
  open: boolean;
  onPick: (preset: Preset) => void;
  onFavorite: ((preset: Preset) => void) | null;
}

function PresetTree({ nodes, open, onPick, onFavorite }: TreeProps) {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  return (
    <ul className={styles.tree}>
      {nodes.map((node) => (
        <li key={node.path}>
          <details className={styles.node} open={open || undefined}>
            <summary className={styles.summary}>
              <ChevronDownIcon size={16} className={styles.chevron} />
              <span className={styles.nodeLabel}>{node.label}</span>
              <span className={styles.nodeCount}>{node.count}</span>
            </summary>
            <div className={styles.children}>
              {node.children.length > 0 && (
                <PresetTree nodes={node.children} open={open} onPick={onPick} onFavorite={onFavorite} />
              )}
              <ul className={styles.presets}>
                {node.presets.map((preset) => {
                  const name = names.preset(preset.lib);
                  return (
                    <li key={preset.id} className={styles.preset}>
                      <button
                        type="button"
                        className={styles.presetButton}
                        onClick={() => onPick(preset)}
                        title={preset.value}
                        data-testid={`preset-${preset.id}`}
                      >
                        {name}
                      </button>
                      {onFavorite && (
                        <button
                          type="button"
                          className={styles.star}
                          aria-pressed={preset.favorite}
                          aria-label={t(
                            preset.favorite ? 'presets.favorite_remove' : 'presets.favorite_add',
                            {
                              name,
                            },
                          )}
                          onClick={() => onFavorite(preset)}
                          data-testid={`preset-favorite-${preset.id}`}
                        >
                          <StarIcon size={16} filled={preset.favorite} />
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

function withFavorite(presets: PresetMap, id: number, favorite: boolean): PresetMap {
  return Object.fromEntries(
    Object.entries(presets).map(([path, list]) => [
      path,
      list.map((preset) => (preset.id === id ? { ...preset, favorite } : preset)),
    ]),
  );
}

/**
 * docs/product/generation.md#catalogue: the preset tree (paths split on '/'), search, favourites-only, random
 * preset.
 */
export function PresetPanel({ onPicked }: { onPicked?: () => void }) {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { signedIn, update } = useGenerator();
  const presets = usePresets(signedIn);
  const [query, setQuery] = useState('');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const key = presetsQueryKey(signedIn);

  const tree = useMemo(
    () =>
      buildPresetTree(presets.data ?? {}, {
        query: deferredQuery,
        favoritesOnly,
        label: names.pathSegment,
        title: names.preset,
      }),
    [presets.data, deferredQuery, favoritesOnly, names],
  );

  const favorite = useMutation({
    mutationFn: (preset: Preset) => setPresetFavorite(preset.id, !preset.favorite),
    onSuccess: (answer, preset) =>
      queryClient.setQueryData<PresetMap>(key, (current) =>
        current ? withFavorite(current, preset.id, answer.favorite) : current,
      ),
    onError: (error) => notify(errorText(errorCode(error)), 'error'),
  });

  const random = useMutation({
    mutationFn: fetchRandomPreset,
    onSuccess: (preset) => {
      update({ prompt: preset.prompt, neg_prompt: preset.neg_prompt });
      onPicked?.();
    },
    onError: (error) => notify(errorText(errorCode(error)), 'error'),
  });

  function pick(preset: Preset) {
    update({ prompt: preset.value, neg_prompt: preset.neg_prompt });
    notify(t('presets.applied', { name: names.preset(preset.lib) }), 'success');
    onPicked?.();
  }

  const searching = deferredQuery.trim() !== '' || favoritesOnly;
  return (
    <div className={styles.panel} data-testid="preset-panel">
      <label className={styles.search}>
        <SearchIcon size={18} />
        <span className="visually-hidden">{t('presets.search')}</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('presets.search_placeholder')}
          className={styles.searchInput}
          data-testid="preset-search"
        />
      </label>
      <div className={styles.tools}>
        {signedIn && (
          <Checkbox
            label={t('presets.favorites_only')}
            checked={favoritesOnly}
            onChange={(event) => setFavoritesOnly(event.target.checked)}
            testId="preset-favorites-only"
          />
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => random.mutate()}
          pending={random.isPending}
          data-testid="preset-random"
        >
          <ShuffleIcon size={16} />
          {t('presets.random')}
        </Button>
      </div>
      {tree.length === 0 && presets.isSuccess ? (
        <p className={styles.empty}>
          {favoritesOnly && !deferredQuery ? t('presets.empty_favorites') : t('presets.empty')}
        </p>
      ) : (
        <PresetTree
          key={searching ? 'open' : 'closed'}
          nodes={tree}
          open={searching}
          onPick={pick}
          onFavorite={signedIn ? (preset) => favorite.mutate(preset) : null}
        />
      )}
    </div>
  );
}
