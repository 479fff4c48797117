import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../ui/icons.tsx';
import styles from './SearchPanel.module.css';

interface FilterGroupProps<T extends string> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  /** Chosen values; none chosen means any. */
  chosen: readonly T[];
  onToggle: (value: T) => void;
}

/** A filter of the search (render, format, generation type): toggle buttons; none pressed means any. */
export function FilterGroup<T extends string>({
  name,
  legend,
  options,
  chosen,
  onToggle,
}: FilterGroupProps<T>) {
  const { t } = useTranslation('gallery');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>
        {legend}
        {chosen.length === 0 && <span className={styles.groupAny}>{t('search.any')}</span>}
      </legend>
      <div className={styles.toggles}>
        {options.map((option) => {
          const pressed = chosen.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              className={styles.toggle}
              aria-pressed={pressed}
              onClick={() => onToggle(option.value)}
              data-testid={`filter-${name}-${option.value}`}
            >
              {pressed && <CheckIcon size={14} />}
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
