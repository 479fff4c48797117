import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { StarIcon } from '../../ui/icons.tsx';
import { useTweak } from './TweakContext.ts';
import styles from './Tweak.module.css';

/**
 * The upgrade link (spec §2 Tweak page: "upgrade link for non-premium users"), and for Basic users, who
 * have everything else, what Pro adds here: Style to Style.
 */
export function UpgradeCard() {
  const { t } = useTranslation('tweak');
  const { capabilities } = useTweak();
  if (capabilities.canStyleConvert) return null;
  return (
    <aside className={styles.upgrade} data-testid="tweak-upgrade">
      <StarIcon size={20} />
      <p>{capabilities.premium ? t('upgrade.text_basic') : t('upgrade.text_free')}</p>
      <ButtonLink to="/tickets" size="sm" variant="outline" data-testid="tweak-upgrade-link">
        {t('upgrade.link')}
      </ButtonLink>
    </aside>
  );
}
