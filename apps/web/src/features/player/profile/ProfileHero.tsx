import type { EquipSlot } from '@mirage/domain';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { PaletteIcon, SettingsIcon } from '../../../ui/icons.tsx';
import type { Player } from '../api.ts';
import { PlayerAvatar, PlayerName } from '../look/index.ts';
import { LookEditor } from './LookEditor.tsx';
import { TitlePicker } from './TitlePicker.tsx';
import { usePlayerTexts } from '../texts.ts';
import { XpBar } from './XpBar.tsx';
import styles from './Profile.module.css';

export interface HeroData {
  username: string;
  level: number;
  title: number | null;
  equipped: Record<EquipSlot, { id: number; data: string }>;
}

interface OwnerState {
  /** The owner's player, once loaded. */
  player: Player | undefined;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}

const AVATAR_SIZE = 120;

/** The profile's top: avatar, name, level and title; the owner's coins, XP bar and edit mode. */
export function ProfileHero({ data, owner }: { data: HeroData; owner?: OwnerState | undefined }) {
  const { t, titleText, number } = usePlayerTexts();
  const tipId = useId();
  const [dialog, setDialog] = useState<'look' | 'title' | null>(null);
  const editing = owner?.editing ?? false;

  return (
    <section className={styles.hero} aria-labelledby="profile-heading">
      <div className={styles.avatarBox}>
        <PlayerAvatar equipped={data.equipped} size={AVATAR_SIZE} testId="profile-avatar" />
        {editing && (
          <button
            type="button"
            className={styles.avatarEdit}
            onClick={() => setDialog('look')}
            aria-label={t('profile.editLook')}
            data-testid="profile-edit-look"
          >
            <PaletteIcon size={26} />
          </button>
        )}
      </div>

      <div className={styles.identity}>
        <PlayerName
          as="h1"
          equipped={data.equipped}
          id="profile-heading"
          name={data.username}
          className={styles.name}
          testId="profile-name"
        />
        <div className={styles.facts}>
          <span className={styles.level} data-testid="profile-level">
            {t('xpBar.level', { level: data.level })}
          </span>
          <span className={styles.titleLine}>
            <span className={styles.factLabel}>{t('profile.title')}</span>
            <span className={styles.titleValue} data-testid="profile-title">
              {titleText(data.title)}
            </span>
          </span>
          {editing && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDialog('title')}
              data-testid="profile-choose-title"
            >
              {t('profile.chooseTitle')}
            </Button>
          )}
        </div>
        {owner && <XpBar player={owner.player} />}
      </div>

      {owner && (
        <div className={styles.ownerBox}>
          <span className={styles.coins} tabIndex={0} aria-describedby={tipId} data-testid="profile-coins">
            <span className={styles.coinMark} aria-hidden="true" />
            <span className={styles.coinText}>
              <strong className={styles.coinValue} data-testid="profile-coins-value">
                {owner.player ? number(owner.player.reward_tokens) : '—'}
              </strong>
              <span className={styles.coinLabel}>{t('profile.stats.rewardTokens')}</span>
            </span>
            <span role="tooltip" id={tipId} className={styles.tooltip}>
              {t('profile.stats.rewardTokensTooltip')}
            </span>
          </span>
          <Button
            variant={editing ? 'primary' : 'outline'}
            aria-pressed={editing}
            onClick={() => owner.setEditing(!editing)}
            data-testid="profile-edit"
          >
            <SettingsIcon size={18} />
            {t('profile.edit')}
          </Button>
        </div>
      )}

      {owner?.player && (
        <>
          <LookEditor
            open={dialog === 'look'}
            onClose={() => setDialog(null)}
            player={owner.player}
            username={data.username}
          />
          <TitlePicker
            open={dialog === 'title'}
            onClose={() => setDialog(null)}
            current={owner.player.title}
          />
        </>
      )}
    </section>
  );
}
