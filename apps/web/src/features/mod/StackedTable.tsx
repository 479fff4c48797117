import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './StackedTable.module.css';

/**
 * A table whose rows become cards on a phone (StackedTable.module.css): `columns` names the header cells in
 * order, and each row's cells carry their column's name as `data-label`, which the card shows before the
 * value. `actionsLabel` adds a last column for row buttons, named for screen readers only.
 */
export function StackedTable({
  columns,
  label,
  actionsLabel,
  caption,
  children,
  ...table
}: Omit<ComponentPropsWithoutRef<'table'>, 'className' | 'aria-label'> & {
  columns: Readonly<Record<string, string>>;
  label?: string | undefined;
  actionsLabel?: string | undefined;
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <table {...table} className={styles.table} aria-label={label}>
      {caption}
      <thead>
        <tr>
          {Object.values(columns).map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
          {actionsLabel !== undefined && (
            <th scope="col">
              <span className="visually-hidden">{actionsLabel}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
