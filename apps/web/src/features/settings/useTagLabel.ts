import { systemTagName } from '@mirage/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { humanise, useCatalogueText, useStyles } from '../catalogue/index.ts';
import { systemTagValue, type HiddenTag } from './hiddenTags.ts';

/**
 * The name a user reads for a tag: a prompt tag as it is; a style by the translated name the generator
 * shows; a render, format or generation type by the search panel's translated label.
 */
export function useTagLabel(): (tag: Pick<HiddenTag, 'kind' | 'name'>) => string {
  const { t } = useTranslation('gallery');
  const names = useCatalogueText();
  const styles = useStyles();
  // Style tags are named after the style's lib (systemTagName): find the lib back.
  const libOfTag = useMemo(
    () => new Map((styles.data ?? []).map((style) => [systemTagName(style.lib), style.lib])),
    [styles.data],
  );
  return useCallback(
    (tag) => {
      if (tag.kind === 'prompt') return tag.name;
      if (tag.kind === 'style') return names.style(libOfTag.get(tag.name) ?? tag.name);
      const option = systemTagValue(tag);
      if (!option) return humanise(tag.name);
      switch (option.kind) {
        case 'render':
          return t(`search.render_${option.value}`);
        case 'format':
          return t(`search.format_${option.value}`);
        case 'gen_type':
          return t(`search.gen_${option.value}`);
      }
    },
    [libOfTag, names, t],
  );
}
