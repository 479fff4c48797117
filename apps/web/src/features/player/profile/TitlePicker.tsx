import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { notify } from '../../../ui/notice.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../../api/index.ts';
import { wearTitle } from '../api.ts';
import { PLAYER_ME_KEY, useAchievements, useRefreshPlayer } from '../queries.ts';
import { usePlayerTexts } from '../texts.ts';
import styles from './Dialogs.module.css';

/** Choosing the title to wear among the unlocked achievements' (PUT /api/player/title/{id}; 0: none). */
export function TitlePicker({
  open,
  onClose,
  current,
}: {
  open: boolean;
  onClose: () => void;
  current: number | null;
}) {
  const { t, achievementTitle } = usePlayerTexts();
  const achievements = useAchievements(open);
  const queryClient = useQueryClient();
  const refresh = useRefreshPlayer();
  const errorText = useErrorText();
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim().toLocaleLowerCase());

  const wear = useMutation({
    mutationFn: (achievementId: number) => wearTitle(achievementId),
    onSuccess: (player) => {
      queryClient.setQueryData(PLAYER_ME_KEY, player);
      notify(t('profile.titleSaved'), 'success');
      void refresh();
      onClose();
    },
    onError: (error) => notify(errorText(errorCode(error)), 'error'),
  });

  const titles = (achievements.data ?? [])
    .filter((entry) => entry.unlocked)
    .map((entry) => ({ id: entry.id, text: achievementTitle(entry.key) }))
    .filter((entry) => !query || entry.text.toLocaleLowerCase().includes(query));
  const options = [...(query ? [] : [{ id: 0, text: t('profile.removeTitle') }]), ...titles];
  const unlockedCount = achievements.data?.filter((entry) => entry.unlocked).length ?? 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setFilter('');
          onClose();
        }
      }}
      title={t('profile.chooseTitle')}
      testId="title-picker"
    >
      <TextField
        label={t('profile.filterPlaceholder')}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('profile.filterPlaceholder')}
        autoComplete="off"
        testId="title-filter"
      />
      {!achievements.data ? (
        <div className={styles.loading}>
          <Spinner size={32} label={t('profile.loading')} />
        </div>
      ) : (
        <>
          {unlockedCount === 0 && <p className={styles.note}>{t('profile.noTitles')}</p>}
          {query && titles.length === 0 && (
            <p className={styles.note} role="status">
              {t('profile.noMatch', { query: filter.trim() })}
            </p>
          )}
          <ul className={styles.titleList}>
            {options.map((option) => {
              const selected = (current ?? 0) === option.id;
              return (
                <li key={option.id}>
                  <button
                    type="button"
                    className={styles.titleOption}
                    aria-pressed={selected}
                    disabled={wear.isPending}
                    onClick={() => (selected ? onClose() : wear.mutate(option.id))}
                    data-testid={`title-option-${option.id}`}
                  >
                    <span>{option.text}</span>
                    {selected && <CheckIcon size={18} />}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Dialog>
  );
}
