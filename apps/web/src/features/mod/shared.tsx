/**
 * Small pieces every console tab uses: a query's states, a paged queue of cards, the error notice, dates,
 * the note field and the state filter.
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { noteProblem, previewOf } from './model.ts';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

/** An API error in the user's language (codes of the `error` namespace), with an optional retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('mod');
  const errorText = useErrorText();
  return (
    <div className={styles.errorRow}>
      <Alert testId="mod-error">{errorText(errorCode(error))}</Alert>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

/** What {@link QueryStates} reads of a TanStack query (plain or infinite). */
interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A list query's states: a spinner while it loads, its error with a retry, `empty` when it found nothing,
 * else its items drawn by `children`.
 */
export function QueryStates<T>({
  query,
  items,
  empty,
  children,
}: {
  query: QueryState;
  items: readonly T[];
  empty: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation('mod');
  if (query.isPending) return <PageSpinner label={t('loading')} />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return children(items);
}

/** What {@link LoadMore} reads of a TanStack infinite query. */
interface PagedQueryState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A queue of cards paged on demand (reports, reviews, held images): the query's states, its items as a list
 * with one card an item, and the next page's button.
 */
export function CardQueue<T extends { id: number }>({
  query,
  empty,
  testId,
  children,
}: {
  query: QueryState & PagedQueryState & { data: { pages: readonly { items: readonly T[] }[] } | undefined };
  empty: string;
  testId?: string;
  children: (item: T) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <QueryStates query={query} items={items} empty={empty}>
        {(found) => (
          <ul className={styles.list} data-testid={testId}>
            {found.map((item) => (
              <li key={item.id}>{children(item)}</li>
            ))}
          </ul>
        )}
      </QueryStates>
      <LoadMore query={query} />
    </>
  );
}

/** The next page of an infinite query, while there is one. */
export function LoadMore({ query }: { query: PagedQueryState }) {
  const { t } = useTranslation('mod');
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" onClick={() => void query.fetchNextPage()} pending={query.isFetchingNextPage}>
      {t('load_more')}
    </Button>
  );
}

/** Formats an ISO instant as a short date and time in the interface language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    [i18n.language],
  );
}

/**
 * A written reason or note: a labelled textarea with its length hint; the problem (too short, too long) is
 * shown once `showProblem` is set, after a first submit, so that an empty field does not scold at once.
 */
export function NoteField({
  value,
  onChange,
  label,
  required,
  showProblem,
  testId = 'mod-note',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  required: boolean;
  showProblem: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('mod');
  const id = useId();
  const problem = showProblem ? noteProblem(value, required) : null;
  return (
    <div className={fields.field}>
      <label htmlFor={id} className={fields.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={fields.textarea}
        value={value}
        rows={2}
        maxLength={600}
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className={problem ? fields.fieldError : fields.fieldHint}>
        {problem ? t(`note.${problem}`) : t('note.hint')}
      </span>
    </div>
  );
}

/** A row of choices (open / decided states) drawn as pressed toggle buttons. */
export function StateFilter<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.filter}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.filterButton}
          aria-pressed={option.value === value}
          data-testid={`mod-filter-${option.value}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A reported or held image's thumbnail for staff, or a placeholder when there is none to show. */
export function Preview({ uuid, alt }: { uuid: string; alt: string }) {
  const { t } = useTranslation('mod');
  const [failed, setFailed] = useState(false);
  if (failed) return <span className={styles.thumbPlaceholder}>{t('reports.no_preview')}</span>;
  return (
    <img
      src={previewOf(uuid)}
      alt={alt}
      loading="lazy"
      width={120}
      height={120}
      onError={() => setFailed(true)}
    />
  );
}
