import { MODERATION_RULE_TYPE, type StaffArea } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { NoteDialog } from './NoteDialog.tsx';
import {
  createRule,
  deleteRule,
  updateRule,
  useRules,
  type RuleBody,
  type StaffRule,
} from './operations-api.ts';
import { MOD_KEY } from './queries.ts';
import { RuleEditor } from './RuleEditor.tsx';
import { QueryStates } from './shared.tsx';
import styles from './Mod.module.css';

/**
 * Prompt moderation rules (docs/product/moderation-console.md#moderation-rules): moderators read them,
 * admins add, change and delete the ones added here. Built-in rules are the code's; the child-safety layer
 * is no rule at all and never shown here.
 */
export function RulesTab({ areas }: { areas: readonly StaffArea[] }) {
  const { t } = useTranslation('mod');
  const rules = useRules();
  const queryClient = useQueryClient();
  const mayChange = areas.includes('rule_changes');
  // undefined: the editor is closed; null: a new rule.
  const [editing, setEditing] = useState<StaffRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<StaffRule | null>(null);
  const done = (message: string) => {
    notify(message, 'success');
    void queryClient.invalidateQueries({ queryKey: MOD_KEY });
  };
  const save = useMutation({
    mutationFn: ({ rule, body }: { rule: StaffRule | null; body: RuleBody }) =>
      rule ? updateRule(rule.id, body) : createRule(body),
    onSuccess: () => {
      setEditing(undefined);
      done(t('rules.saved'));
    },
  });
  const remove = useMutation({
    mutationFn: ({ rule, note }: { rule: StaffRule; note: string }) => deleteRule(rule.id, note),
    onSuccess: () => {
      setDeleting(null);
      done(t('rules.deleted'));
    },
  });

  return (
    <div className={styles.tab}>
      <Alert tone="info" testId="mod-rules-child-safety">
        {t('rules.child_safety')}
      </Alert>
      {mayChange && (
        <div className={styles.actions}>
          <Button
            variant="primary"
            onClick={() => {
              save.reset();
              setEditing(null);
            }}
            data-testid="mod-rule-add"
          >
            {t('rules.add')}
          </Button>
        </div>
      )}
      <QueryStates query={rules} items={rules.data?.items ?? []} empty={t('rules.empty')}>
        {(items) => (
          <ul className={styles.list}>
            {items.map((rule) => (
              <li key={rule.id}>
                <RuleCard
                  rule={rule}
                  mayChange={mayChange && !rule.built_in}
                  onEdit={() => {
                    save.reset();
                    setEditing(rule);
                  }}
                  onDelete={() => {
                    remove.reset();
                    setDeleting(rule);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <RuleEditor
        rule={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        pending={save.isPending}
        error={save.error}
        onSave={(body) => save.mutate({ rule: editing ?? null, body })}
      />
      <NoteDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('rules.delete_title', { name: deleting?.name ?? '' })}
        label={t('note.reason')}
        confirm={t('rules.delete')}
        variant="danger"
        pending={remove.isPending}
        error={remove.error}
        onSubmit={(note) => deleting && remove.mutate({ rule: deleting, note })}
      />
    </div>
  );
}

function RuleCard({
  rule,
  mayChange,
  onEdit,
  onDelete,
}: {
  rule: StaffRule;
  mayChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('mod');
  const titleId = `mod-rule-${rule.id}`;
  const suggestion = rule.type === MODERATION_RULE_TYPE.suggestion;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="mod-rule" data-rule={rule.name}>
      <h2 id={titleId} className={styles.cardTitle}>
        {rule.built_in ? rule.name : t('rules.custom_name', { id: rule.id })}{' '}
        <span className={styles.badge}>
          {t(suggestion ? 'rules.type_suggestion' : 'rules.type_forbidden')}
        </span>{' '}
        <span className={styles.badge}>{t(`rules.scope.${rule.applies_to}`)}</span>
        {rule.built_in && <span className={styles.badge}>{t('rules.built_in')}</span>}
      </h2>
      <p data-testid="mod-rule-words">
        <span className={styles.muted}>{t('rules.words')}: </span>
        {rule.words.join(', ')}
      </p>
      {suggestion && (
        <p>
          <span className={styles.muted}>{t('rules.suggestions')}: </span>
          {rule.suggestions.join(', ')}
        </p>
      )}
      {rule.built_in && <p className={styles.muted}>{t('rules.built_in_hint')}</p>}
      {mayChange && (
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onClick={onEdit} data-testid="mod-rule-edit">
            {t('rules.edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} data-testid="mod-rule-delete">
            {t('rules.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
