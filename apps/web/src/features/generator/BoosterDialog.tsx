import { MAX_BOOSTERS } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { type GraphicStyle, useCatalogueText } from '../catalogue/index.ts';
import { boosterFitsStyle } from './boosters.ts';
import { useGenerator } from './GeneratorContext.ts';
import styles from './BoosterPanel.module.css';

/**
 * The booster chooser: categories with translated names and a preview thumbnail per booster; boosters
 * that do not fit the style are off.
 */
export function BoosterDialog({ style, onClose }: { style: GraphicStyle; onClose: () => void }) {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  const { categories, settings, update } = useGenerator();
  const chosen = new Set(settings.modifiers.map((booster) => booster.id));

  function add(id: number, weight: number) {
    if (chosen.has(id) || settings.modifiers.length >= MAX_BOOSTERS) return;
    update({ modifiers: [...settings.modifiers, { id, weight }] });
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('boosters.choose')}
      description={t('boosters.choose_description')}
      testId="booster-dialog"
    >
      <div className={styles.catalogue}>
        {categories.map((category) => (
          <section key={category.id} className={styles.categoryBlock}>
            <h3 className={styles.categoryTitle}>{names.category(category.lib)}</h3>
            <div className={styles.choices}>
              {category.modifiers.map((modifier) => {
                const fits = boosterFitsStyle(modifier, style);
                const added = chosen.has(modifier.id);
                const name = names.booster(modifier.lib);
                return (
                  <button
                    key={modifier.id}
                    type="button"
                    className={styles.choice}
                    disabled={!fits || added}
                    aria-pressed={added}
                    onClick={() => add(modifier.id, modifier.weight)}
                    data-testid={`booster-option-${modifier.id}`}
                  >
                    <img
                      className={styles.choiceThumb}
                      src={modifier.preview}
                      alt={name}
                      width={256}
                      height={352}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className={styles.choiceText}>
                      <span className={styles.choiceName}>
                        {added && <CheckIcon size={14} />}
                        {name}
                        {modifier.is_new && <span className={styles.new}>{t('style.new')}</span>}
                      </span>
                      {!fits && <span className={styles.choiceNote}>{t('boosters.incompatible')}</span>}
                      {added && <span className={styles.choiceNote}>{t('boosters.selected')}</span>}
                    </span>
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
