import { PLAN } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useCatalogueText } from '../catalogue/index.ts';
import { useGenerator } from './GeneratorContext.ts';
import styles from './Generator.module.css';

/**
 * The generator's modals (docs/product/generation.md#create-button): no style selected, Pro required, Pro
 * expired, duplicate, incompatible.
 */
export function GeneratorModals() {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  const { modal, closeModal, focusStyles, settings, update } = useGenerator();
  const onOpenChange = (open: boolean) => {
    if (!open) closeModal();
  };

  if (!modal) return null;
  switch (modal.type) {
    case 'no-style':
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={t('modal.no_style_title')}
          description={
            modal.kind === 'generate' ? t('modal.no_style_generate') : t('modal.no_style_modifier')
          }
          testId="no-style-modal"
        >
          <div className={styles.modalActions}>
            <Button
              variant="primary"
              onClick={() => {
                closeModal();
                // After the dialog gave focus back, move it to the styles.
                setTimeout(focusStyles, 0);
              }}
              data-testid="no-style-choose"
            >
              {t('modal.choose_style')}
            </Button>
          </div>
        </Dialog>
      );
    case 'pro-required':
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={t('modal.pro_title')}
          description={
            modal.reason === 'style'
              ? t('modal.pro_style')
              : modal.plan === PLAN.pro
                ? t('modal.pro_text_pro')
                : t('modal.pro_text')
          }
          testId="pro-required-modal"
        >
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={closeModal}>
              {t('modal.cancel')}
            </Button>
            <ButtonLink to="/tickets" variant="primary" onClick={closeModal}>
              {t('modal.see_plans')}
            </ButtonLink>
          </div>
        </Dialog>
      );
    case 'pro-expired':
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={t('modal.expired_title')}
          description={t('modal.expired_text')}
          testId="pro-expired-modal"
        >
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={closeModal}>
              {t('modal.ok')}
            </Button>
            <ButtonLink to="/tickets" variant="primary" onClick={closeModal}>
              {t('modal.renew')}
            </ButtonLink>
          </div>
        </Dialog>
      );
    case 'duplicate':
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={t('modal.duplicate_title')}
          description={t('modal.duplicate_text')}
          testId="duplicate-modal"
        >
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={closeModal}>
              {t('modal.ok')}
            </Button>
            <ButtonLink to={`/image/${modal.uuid}`} variant="primary" onClick={closeModal}>
              {t('modal.open_image')}
            </ButtonLink>
          </div>
        </Dialog>
      );
    case 'incompatible': {
      const { style, boosters } = modal;
      const ids = new Set(boosters.map((booster) => booster.id));
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={t('modal.incompatible_title')}
          description={t('modal.incompatible_text', { style: names.style(style.lib) })}
          testId="incompatible-modal"
        >
          <ul className={styles.modalList}>
            {boosters.map((booster) => (
              <li key={booster.id}>{names.booster(booster.lib)}</li>
            ))}
          </ul>
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={closeModal}>
              {t('modal.cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                update({
                  style_id: style.id,
                  modifiers: settings.modifiers.filter((booster) => !ids.has(booster.id)),
                });
                closeModal();
              }}
            >
              {t('modal.remove_and_switch')}
            </Button>
          </div>
        </Dialog>
      );
    }
  }
}
