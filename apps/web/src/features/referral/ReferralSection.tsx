import { useTranslation } from 'react-i18next';
import { RedeemReferralCard } from './RedeemReferralCard.tsx';
import { ShareReferralCard } from './ShareReferralCard.tsx';

/** The settings' "Invite friends" section; the settings page passes its section styles. */
export function ReferralSection({
  className,
  titleClassName,
}: {
  className?: string | undefined;
  titleClassName?: string | undefined;
}) {
  const { t } = useTranslation('referral');
  return (
    <section className={className} aria-labelledby="settings-referral" data-testid="settings-referral">
      <h2 id="settings-referral" className={titleClassName}>
        {t('section')}
      </h2>
      <ShareReferralCard />
      <RedeemReferralCard />
    </section>
  );
}
