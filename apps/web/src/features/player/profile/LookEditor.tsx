import { EQUIP_SLOT, REWARD_TYPES, rewardById, type EquipSlot } from '@mirage/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import type { Player, RewardEntry } from '../api.ts';
import { PlayerAvatar, PlayerName, type LookInput } from '../look/index.ts';
import { useItems } from '../queries.ts';
import { RewardPreview } from './RewardPreview.tsx';
import { usePlayerTexts } from '../texts.ts';
import { useRewardActions } from './useRewardActions.ts';
import styles from './Dialogs.module.css';

/** The owner's look editor (the avatar's edit overlay): one owned item per slot, previewed, then saved. */
export function LookEditor({
  open,
  onClose,
  player,
  username,
}: {
  open: boolean;
  onClose: () => void;
  player: Player;
  username: string;
}) {
  const { t } = usePlayerTexts();
  const items = useItems(open);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('profile.editLook')}
      description={t('profile.editLookDescription')}
      testId="look-editor"
    >
      {items.data ? (
        <LookForm items={items.data} player={player} username={username} onDone={onClose} />
      ) : (
        <div className={styles.loading}>
          <Spinner size={32} label={t('profile.loading')} />
        </div>
      )}
    </Dialog>
  );
}

function LookForm({
  items,
  player,
  username,
  onDone,
}: {
  items: RewardEntry[];
  player: Player;
  username: string;
  onDone: () => void;
}) {
  const { t, rewardName, rewardType } = usePlayerTexts();
  const { equip } = useRewardActions();
  const worn = Object.fromEntries(
    Object.entries(player.equipped).map(([slot, item]) => [slot, item.id]),
  ) as Record<EquipSlot, number>;
  const [chosen, setChosen] = useState<Record<EquipSlot, number>>(worn);

  const dataOf = (id: number) => items.find((item) => item.id === id)?.data ?? rewardById(id)?.data ?? '';
  const look: LookInput = Object.fromEntries(
    Object.entries(chosen).map(([slot, id]) => [slot, { data: dataOf(id) }]),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const changed = (Object.keys(chosen) as EquipSlot[])
      .filter((slot) => chosen[slot] !== worn[slot])
      .map((slot) => chosen[slot]);
    if (changed.length === 0) {
      onDone();
      return;
    }
    equip.mutate(changed, { onSuccess: onDone });
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <div className={styles.preview} aria-hidden="true">
        <PlayerAvatar equipped={look} size={72} />
        <PlayerName equipped={look} name={username} className={styles.previewName} />
      </div>
      {REWARD_TYPES.map((type) => {
        const slot = EQUIP_SLOT[type];
        const owned = items.filter((item) => item.type === type && item.consumed);
        return (
          <fieldset key={type} className={styles.slot}>
            <legend className={styles.legend}>{rewardType(type)}</legend>
            <div className={styles.choices}>
              {owned.map((item) => (
                <label key={item.id} className={styles.choice} data-checked={chosen[slot] === item.id}>
                  <input
                    type="radio"
                    className={styles.radio}
                    name={`look-${slot}`}
                    checked={chosen[slot] === item.id}
                    onChange={() => setChosen((current) => ({ ...current, [slot]: item.id }))}
                    data-testid={`look-choice-${item.key}`}
                  />
                  <RewardPreview
                    type={type}
                    data={dataOf(item.id)}
                    base={look}
                    username={username}
                    size={40}
                    swatchOnly
                  />
                  <span className={styles.choiceName}>{rewardName(item.key)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onDone}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" variant="primary" pending={equip.isPending} data-testid="look-save">
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
