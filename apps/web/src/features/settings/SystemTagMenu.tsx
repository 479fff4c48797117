import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { EyeOffIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SystemTagMenuButton } from './SystemTagMenuButton.tsx';
import { groupSystemTags, type HiddenTag, type SystemTagGroupKind } from './hiddenTags.ts';
import { useSystemTags } from './useHiddenTags.ts';
import styles from './Settings.module.css';

interface SystemTagMenuProps {
  hiddenIds: ReadonlySet<number>;
  labelOf: (tag: HiddenTag) => string;
  onHide: (tag: HiddenTag) => void;
  onShow: (tag: HiddenTag) => void;
  /** Open from the start: the menu was loaded by a press of its button (HiddenTagsCard.tsx). */
  defaultOpen?: boolean;
}

/**
 * The system tags one may hide (GET /api/settings/tags/system), grouped as the search panel groups its
 * filters: styles, kind (render), format, generation type. A menu of checkbox items, checked when
 * hidden; it stays open so that several can be chosen in a row.
 */
export function SystemTagMenu({
  hiddenIds,
  labelOf,
  onHide,
  onShow,
  defaultOpen = false,
}: SystemTagMenuProps) {
  const { t } = useTranslation(['settings', 'gallery']);
  const query = useSystemTags();
  const groupLabel: Record<SystemTagGroupKind, string> = {
    style: t('gallery:search.styles_label'),
    render: t('gallery:search.render_label'),
    format: t('gallery:search.format_label'),
    gen_type: t('gallery:search.gen_label'),
  };
  const groups = groupSystemTags(query.data ?? []).map((group) => ({
    ...group,
    // Styles read best in the order of their names in the user's language.
    tags:
      group.kind === 'style'
        ? [...group.tags].sort((a, b) => labelOf(a).localeCompare(labelOf(b)))
        : group.tags,
  }));

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <SystemTagMenuButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.menu}
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={t('settings:hidden_tags.system_menu')}
          data-testid="hidden-tags-system-menu"
        >
          {query.isPending ? (
            <div className={styles.menuNote}>
              <Spinner size={18} label={t('settings:hidden_tags.system_loading')} />
            </div>
          ) : query.isError ? (
            <DropdownMenu.Item
              className={styles.menuItem}
              onSelect={(event) => {
                event.preventDefault();
                void query.refetch();
              }}
            >
              {t('settings:hidden_tags.system_error')}
            </DropdownMenu.Item>
          ) : (
            groups.map((group, index) => (
              <DropdownMenu.Group key={group.kind}>
                {index > 0 && <DropdownMenu.Separator className={styles.menuSeparator} />}
                <DropdownMenu.Label className={styles.menuLabel}>{groupLabel[group.kind]}</DropdownMenu.Label>
                {group.tags.map((tag) => {
                  const checked = hiddenIds.has(tag.id);
                  return (
                    <DropdownMenu.CheckboxItem
                      key={tag.id}
                      className={styles.menuItem}
                      checked={checked}
                      onCheckedChange={(next) => (next ? onHide(tag) : onShow(tag))}
                      // Stay open: hiding a few in a row is common.
                      onSelect={(event) => event.preventDefault()}
                      data-testid="hidden-system-tag"
                      data-kind={tag.kind}
                      data-name={tag.name}
                      data-tag-id={tag.id}
                    >
                      <span className={styles.menuCheck} aria-hidden="true">
                        <DropdownMenu.ItemIndicator>
                          <EyeOffIcon size={16} />
                        </DropdownMenu.ItemIndicator>
                      </span>
                      {labelOf(tag)}
                    </DropdownMenu.CheckboxItem>
                  );
                })}
              </DropdownMenu.Group>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
