import { PremiumCard } from './PremiumCard.tsx';
import { RedeemCard } from './RedeemCard.tsx';

/**
 * The settings' plan cards (premium renewal, serial-key redeem). /settings loads them on their own (a lazy
 * chunk shared with the shop), so the settings page stays within its first-load budget.
 */
export default function PlanSettingsCards() {
  return (
    <>
      <PremiumCard />
      <RedeemCard />
    </>
  );
}
