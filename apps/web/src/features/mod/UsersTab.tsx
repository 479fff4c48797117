import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import type { StaffArea } from '@mirage/domain';
import { accountStatus } from './model.ts';
import { useUserSearch } from './queries.ts';
import { QueryStates } from './shared.tsx';
import { UserFileView } from './UserFileView.tsx';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

/** Accounts (docs/product/moderation-console.md#accounts): search, then one account's file and actions. */
export function UsersTab({ areas }: { areas: readonly StaffArea[] }) {
  const { t } = useTranslation('mod');
  const inputId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const search = useUserSearch(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
    setSelected(null);
  };
  return (
    <div className={styles.tab}>
      <form role="search" className={styles.searchForm} onSubmit={submit}>
        <div className={fields.field}>
          <label htmlFor={inputId} className={fields.fieldLabel}>
            {t('users.search_label')}
          </label>
          <input
            id={inputId}
            type="search"
            className={fields.input}
            value={text}
            maxLength={100}
            aria-describedby={`${inputId}-hint`}
            data-testid="mod-user-search"
            onChange={(event) => setText(event.target.value)}
          />
          <span id={`${inputId}-hint`} className={fields.fieldHint}>
            {t('users.search_hint')}
          </span>
        </div>
        <Button
          type="submit"
          variant="primary"
          disabled={text.trim() === ''}
          data-testid="mod-user-search-submit"
        >
          {t('users.search')}
        </Button>
      </form>
      <div className={styles.usersLayout}>
        {query !== '' && (
          <section aria-label={t('users.results')} className={styles.results}>
            <QueryStates query={search} items={search.data?.items ?? []} empty={t('users.empty')}>
              {(items) => (
                <ul className={styles.resultList}>
                  {items.map((user) => (
                    <li key={user.id}>
                      <button
                        type="button"
                        className={styles.resultButton}
                        aria-current={user.id === selected ? 'true' : undefined}
                        data-testid="mod-user-result"
                        data-username={user.username}
                        onClick={() => setSelected(user.id)}
                      >
                        <span className={styles.resultName}>
                          {user.username} <span className={styles.muted}>#{user.id}</span>
                        </span>
                        <span className={styles.muted}>{user.email}</span>
                        <span className={styles.badge}>{t(`users.status.${accountStatus(user)}`)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </QueryStates>
          </section>
        )}
        {selected !== null && <UserFileView id={selected} areas={areas} onBack={() => setSelected(null)} />}
      </div>
    </div>
  );
}
