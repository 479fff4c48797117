import { useTranslation } from 'react-i18next';
import { AutoscrollIcon, CheckIcon, DiceIcon, RefreshIcon, SearchIcon } from '../../ui/icons.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { AUTOSCROLL_LEVELS, nextAutoscrollLevel } from './layout.ts';
import { SEARCH_PANEL_ID } from './SearchPanel.tsx';
import styles from './Gallery.module.css';

type Order = 'newest' | 'shuffle';

interface BoardToolbarProps {
  signedIn: boolean;
  /** Search panel toggle (signed in only). */
  panelOpen: boolean;
  filterCount: number;
  onTogglePanel: () => void;
  /** Newest / Shuffle (signed in only). */
  shuffle: boolean;
  /** Optional tags pause shuffle: the Shuffle choice is unavailable meanwhile. */
  shufflePaused: boolean;
  onOrder: (shuffle: boolean) => void;
  onReshuffle: () => void;
  /** Creations only. */
  onRefresh?: () => void;
  refreshing?: boolean;
  autoscroll: number;
  onAutoscroll: (level: number) => void;
  /** Collection only: choose images to take out of it. */
  onSelect?: () => void;
  selecting?: boolean;
}

/**
 * The board's controls (docs/product/gallery.md#boards): search, Newest/Shuffle, Refresh on Creations, Select
 * on Collection, autoscroll.
 */
export function BoardToolbar(props: BoardToolbarProps) {
  const { t } = useTranslation('gallery');
  const { signedIn, autoscroll } = props;
  return (
    <div
      className={styles.toolbar}
      role="toolbar"
      aria-label={t('toolbar.label')}
      data-testid="board-toolbar"
    >
      {signedIn && (
        <button
          type="button"
          className={styles.tool}
          aria-expanded={props.panelOpen}
          aria-controls={props.panelOpen ? SEARCH_PANEL_ID : undefined}
          aria-label={
            props.filterCount > 0 ? t('toolbar.search_with_count', { count: props.filterCount }) : undefined
          }
          data-active={props.panelOpen || props.filterCount > 0}
          onClick={props.onTogglePanel}
          data-testid="search-toggle"
        >
          <SearchIcon size={18} />
          <span className={styles.toolLabel}>{t('toolbar.search')}</span>
          {props.filterCount > 0 && (
            <span className={styles.toolCount} aria-hidden="true">
              {props.filterCount}
            </span>
          )}
        </button>
      )}
      {signedIn && (
        <div className={styles.order} title={props.shufflePaused ? t('toolbar.shuffle_off_hint') : undefined}>
          <Segmented<Order>
            legend={t('toolbar.order')}
            hideLegend
            value={props.shuffle ? 'shuffle' : 'newest'}
            onChange={(value) => props.onOrder(value === 'shuffle')}
            options={[
              { value: 'newest', label: t('toolbar.newest'), testId: 'order-newest' },
              {
                value: 'shuffle',
                label: t('toolbar.shuffle'),
                disabled: props.shufflePaused,
                testId: 'order-shuffle',
              },
            ]}
          />
          {props.shufflePaused && <span className="visually-hidden">{t('toolbar.shuffle_off_hint')}</span>}
        </div>
      )}
      {signedIn && props.shuffle && (
        <button
          type="button"
          className={styles.iconTool}
          onClick={props.onReshuffle}
          aria-label={t('toolbar.reshuffle')}
          title={t('toolbar.reshuffle')}
          data-testid="order-reshuffle"
        >
          <DiceIcon size={18} />
        </button>
      )}
      {props.onRefresh && (
        <button
          type="button"
          className={styles.tool}
          onClick={props.onRefresh}
          data-busy={props.refreshing}
          data-testid="board-refresh"
        >
          <RefreshIcon size={18} />
          <span className={styles.toolLabel}>{t('toolbar.refresh')}</span>
        </button>
      )}
      {props.onSelect && (
        <button
          type="button"
          className={styles.tool}
          aria-pressed={props.selecting === true}
          data-active={props.selecting === true}
          onClick={props.onSelect}
          data-testid="board-select"
        >
          <CheckIcon size={18} />
          <span className={styles.toolLabel}>{t('toolbar.select')}</span>
        </button>
      )}
      <button
        type="button"
        className={styles.tool}
        aria-pressed={autoscroll > 0}
        aria-label={
          autoscroll > 0
            ? t('toolbar.autoscroll_level', { level: autoscroll, max: AUTOSCROLL_LEVELS })
            : t('toolbar.autoscroll_off')
        }
        title={t('toolbar.autoscroll_hint')}
        onClick={() => props.onAutoscroll(nextAutoscrollLevel(autoscroll))}
        data-level={autoscroll}
        data-testid="autoscroll"
      >
        <AutoscrollIcon size={18} />
        <span className={styles.toolLabel}>{t('toolbar.autoscroll')}</span>
        <span className={styles.speed} aria-hidden="true">
          {Array.from({ length: AUTOSCROLL_LEVELS }, (_, index) => (
            <span key={index} data-on={index < autoscroll} />
          ))}
        </span>
      </button>
    </div>
  );
}
