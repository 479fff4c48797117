import { MAX_BOOSTERS, clampBoosterWeight } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseWhenPageHidden } from '../../app/keepAlive/pageActivity.ts';
import { Button } from '../../ui/Button.tsx';
import { PlusIcon, TrashIcon } from '../../ui/icons.tsx';
import { BoosterDialog } from './BoosterDialog.tsx';
import { appendTag } from './boosters.ts';
import { useCatalogueText } from '../catalogue/index.ts';
import { useChosenStyle, useGenerator } from './GeneratorContext.ts';
import { Section } from './Section.tsx';
import styles from './BoosterPanel.module.css';

/**
 * docs/product/generation.md#settings: up to MAX_BOOSTERS slots with a weight 0-100 %, delete, and suggested
 * tags. `testIdPrefix` tells the tweak studio's copy apart from a kept-alive generator's.
 */
export function BoosterPanel({ testIdPrefix = '' }: { testIdPrefix?: string } = {}) {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  const { settings, update, modifiers, openModal } = useGenerator();
  const style = useChosenStyle();
  const [choosing, setChoosing] = useState(false);
  // Kept alive: the chooser closes when the user leaves the page.
  useCloseWhenPageHidden(() => setChoosing(false));
  const boosters = settings.modifiers;
  const full = boosters.length >= MAX_BOOSTERS;

  function openChooser() {
    // docs/product/generation.md#catalogue: a style must be chosen before opening the boosters.
    if (!style) openModal({ type: 'no-style', kind: 'modifier' });
    else setChoosing(true);
  }

  const setWeight = (id: number, weight: number) =>
    update({
      modifiers: boosters.map((booster) =>
        booster.id === id ? { id, weight: clampBoosterWeight(weight) } : booster,
      ),
    });

  return (
    <Section
      title={t('boosters.title')}
      aside={
        <span className={styles.counter}>
          {boosters.length} / {MAX_BOOSTERS}
        </span>
      }
    >
      <p className={styles.description}>{t('boosters.description', { max: MAX_BOOSTERS })}</p>
      {boosters.length > 0 && (
        <ul className={styles.slots}>
          {boosters.map((booster) => {
            const modifier = modifiers.get(booster.id);
            const name = modifier ? names.booster(modifier.lib) : `#${booster.id}`;
            return (
              <li key={booster.id} className={styles.slot} data-testid={`${testIdPrefix}booster-slot`}>
                <div className={styles.slotHead}>
                  <span className={styles.slotName}>
                    {name}
                    {modifier && (
                      <span className={styles.category}>{names.category(modifier.category.lib)}</span>
                    )}
                  </span>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('boosters.remove', { name })}
                    onClick={() => update({ modifiers: boosters.filter((item) => item.id !== booster.id) })}
                    data-testid={`${testIdPrefix}booster-remove`}
                  >
                    <TrashIcon size={18} />
                  </button>
                </div>
                <div className={styles.weightRow}>
                  <input
                    type="range"
                    min={0}
                    max={100}
                    step={1}
                    value={booster.weight}
                    aria-label={t('boosters.weight', { name })}
                    onChange={(event) => setWeight(booster.id, Number(event.target.value))}
                    className={styles.range}
                    data-testid={`${testIdPrefix}booster-weight`}
                  />
                  <output className={styles.weight}>{booster.weight} %</output>
                </div>
                {modifier && modifier.tags.length > 0 && (
                  <div className={styles.tags} aria-label={t('boosters.tags')} role="group">
                    {modifier.tags.map((tag) => (
                      <button
                        key={tag}
                        type="button"
                        className={styles.tag}
                        title={t('boosters.add_tag', { tag })}
                        onClick={() => update({ prompt: appendTag(settings.prompt, tag) })}
                      >
                        + {tag}
                      </button>
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {full ? (
        <p className={styles.description}>{t('boosters.full', { max: MAX_BOOSTERS })}</p>
      ) : (
        <Button variant="outline" size="sm" onClick={openChooser} data-testid={`${testIdPrefix}booster-add`}>
          <PlusIcon size={18} />
          {t('boosters.add')}
        </Button>
      )}
      {choosing && style && <BoosterDialog style={style} onClose={() => setChoosing(false)} />}
    </Section>
  );
}
