import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { createGameEvent, endGameEvent, useGameEvents, type StaffGameEvent } from './commerce-api.ts';
import { eventBody, eventFormProblems, type EventForm, type EventFormField } from './commerce-model.ts';
import { FormField } from './EventFormField.tsx';
import { EventTranslationsField } from './EventTranslationsField.tsx';
import { NoteDialog } from './NoteDialog.tsx';
import { MOD_KEY } from './queries.ts';
import { ErrorNotice, LoadMore, QueryStates, useFormatDate } from './shared.tsx';
import { StackedTable } from './StackedTable.tsx';
import styles from './Mod.module.css';

const EMPTY_FORM: EventForm = {
  title: '',
  description: '',
  translations: {},
  startsAt: '',
  endsAt: '',
  rewardTokens: '25',
  images: '',
};

/**
 * Game events (docs/product/moderation-console.md#game-events): every event with its dates and finds, a
 * form to schedule one (the rules of the operator's events file), and ending or cancelling one.
 */
export function EventsTab() {
  const { t, i18n } = useTranslation('mod');
  const formatDate = useFormatDate();
  const events = useGameEvents();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<StaffGameEvent | null>(null);
  const end = useMutation({
    mutationFn: ({ uuid, note }: { uuid: string; note: string }) => endGameEvent(uuid, note),
    onSuccess: (answer) => {
      notify(t(answer.ending === 'cancel' ? 'events.cancelled_done' : 'events.ended_done'), 'success');
      setTarget(null);
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const columns = {
    title: t('events.title_column'),
    state: t('events.state_column'),
    dates: t('events.dates'),
    counts: t('events.counts'),
    action: t('events.action'),
  };
  const titleOf = (event: StaffGameEvent) => event.title[i18n.language] ?? event.title.en ?? event.uuid;
  return (
    <div className={styles.tab} data-testid="mod-events">
      <ScheduleForm />
      <h2 className={styles.cardTitle}>{t('events.list')}</h2>
      <QueryStates query={events} items={items} empty={t('events.empty')}>
        {(found) => (
          <StackedTable columns={columns} label={t('events.list')}>
            {found.map((event) => (
              <tr key={event.uuid} data-testid="mod-event-row" data-state={event.state}>
                <td data-label={columns.title}>{titleOf(event)}</td>
                <td data-label={columns.state}>{t(`events.state.${event.state}`)}</td>
                <td data-label={columns.dates}>
                  {t('events.span', { starts: formatDate(event.starts_at), ends: formatDate(event.ends_at) })}
                </td>
                <td data-label={columns.counts}>
                  {t('events.count_values', {
                    tokens: event.reward_tokens,
                    images: event.images_total,
                    finds: event.finds,
                    finders: event.finders,
                  })}
                </td>
                <td data-label={columns.action}>
                  {event.state === 'ended' ? (
                    '—'
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => {
                        end.reset();
                        setTarget(event);
                      }}
                      data-testid="mod-event-end"
                    >
                      {t(event.state === 'upcoming' ? 'events.cancel' : 'events.end')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </QueryStates>
      <LoadMore query={events} />
      <NoteDialog
        open={target !== null}
        onOpenChange={(next) => !next && setTarget(null)}
        title={
          target
            ? t(target.state === 'upcoming' ? 'events.cancel_title' : 'events.end_title', {
                title: titleOf(target),
              })
            : ''
        }
        description={
          target ? t(target.state === 'upcoming' ? 'events.cancel_text' : 'events.end_text') : undefined
        }
        label={t('note.reason')}
        confirm={target ? t(target.state === 'upcoming' ? 'events.cancel' : 'events.end') : ''}
        variant="danger"
        pending={end.isPending}
        error={end.error}
        onSubmit={(note) => target && end.mutate({ uuid: target.uuid, note })}
      />
    </div>
  );
}

/** The scheduling form: checked here as the server checks it, so most mistakes are named at once. */
function ScheduleForm() {
  const { t } = useTranslation('mod');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EventForm>(EMPTY_FORM);
  const [tried, setTried] = useState(false);
  const create = useMutation({
    mutationFn: () => createGameEvent(eventBody(form)),
    onSuccess: () => {
      notify(t('events.created_done'), 'success');
      setForm(EMPTY_FORM);
      setTried(false);
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const problems = eventFormProblems(form, new Date());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0 || create.isPending) return;
    create.mutate();
  };
  const field = (name: EventFormField) => ({
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    problem: tried ? problems[name] : undefined,
  });
  const titleId = useId();
  return (
    <form
      className={styles.card}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      data-testid="mod-event-form"
    >
      <h2 id={titleId} className={styles.cardTitle}>
        {t('events.schedule')}
      </h2>
      <p className={styles.muted}>{t('events.schedule_hint')}</p>
      <FormField label={t('events.field.title')} testId="mod-event-title" {...field('title')} />
      <FormField
        label={t('events.field.description')}
        multiline
        testId="mod-event-description"
        {...field('description')}
      />
      <EventTranslationsField
        value={form.translations}
        onChange={(translations) => setForm((current) => ({ ...current, translations }))}
        problems={tried ? problems : {}}
      />
      <div className={styles.actions}>
        <FormField
          label={t('events.field.starts_at')}
          type="datetime-local"
          testId="mod-event-starts"
          {...field('startsAt')}
        />
        <FormField
          label={t('events.field.ends_at')}
          type="datetime-local"
          testId="mod-event-ends"
          {...field('endsAt')}
        />
      </div>
      <FormField
        label={t('events.field.reward_tokens')}
        type="number"
        hint={t('events.hint.reward_tokens')}
        testId="mod-event-reward"
        {...field('rewardTokens')}
      />
      <FormField
        label={t('events.field.images')}
        multiline
        hint={t('events.hint.images')}
        testId="mod-event-images"
        {...field('images')}
      />
      {create.error ? <ErrorNotice error={create.error} /> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" pending={create.isPending} data-testid="mod-event-submit">
          {t('events.submit')}
        </Button>
      </div>
    </form>
  );
}
