import { GUIDE_CATEGORIES, guideCategoryOf, type GuideCategoryId, type GuideSectionId } from '@mirage/domain';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../ui/icons/ChevronDownIcon.tsx';
import { Logo } from '../../ui/Logo.tsx';
import styles from './GuideNav.module.css';

interface GuideNavProps {
  titles: Readonly<Record<GuideSectionId, string>>;
  current: GuideSectionId | null;
  onNavigate: (id: GuideSectionId) => void;
  /** On phones the contents are a drawer: whether it is open (always true on wider screens). */
  open: boolean;
  /** Phones only: the drawer's state and how to close it. */
  drawer: boolean;
  onClose: () => void;
}

/**
 * The guide's contents: the four categories as an accordion with their section links (/guide#{id}). The
 * current section's link is marked (aria-current) and its category opens by itself; a category can still
 * be opened or closed by hand. On phones it is a drawer over the page.
 */
export function GuideNav({ titles, current, onNavigate, open, drawer, onClose }: GuideNavProps) {
  const { t } = useTranslation('guide');
  const currentCategory = current ? guideCategoryOf(current) : null;
  const [expanded, setExpanded] = useState<GuideCategoryId | null>(currentCategory);
  // Follows the reader: when the current section moves into another category, that one opens (adjusting
  // state while rendering, so there is no frame with the old category open).
  const [followed, setFollowed] = useState(currentCategory);
  if (followed !== currentCategory) {
    setFollowed(currentCategory);
    if (currentCategory) setExpanded(currentCategory);
  }

  const follow = (event: MouseEvent<HTMLAnchorElement>, id: GuideSectionId) => {
    // A modified click (new tab, new window) keeps the browser's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (drawer) onClose();
    onNavigate(id);
  };

  return (
    <nav
      id="guide-contents"
      className={styles.nav}
      aria-label={t('nav_label')}
      data-drawer={drawer}
      data-open={open}
      inert={drawer && !open}
      data-testid="guide-nav"
    >
      <div className={styles.head}>
        <Link to="/" className={styles.home} aria-label={t('home')}>
          <Logo />
        </Link>
        {drawer && (
          <button type="button" className={styles.close} onClick={onClose} data-testid="guide-nav-close">
            {t('close_contents')}
          </button>
        )}
      </div>
      <ul className={styles.categories}>
        {GUIDE_CATEGORIES.map((category) => {
          const isOpen = expanded === category.id;
          const listId = `guide-category-${category.id}`;
          return (
            <li key={category.id} className={styles.category} data-testid={`guide-category-${category.id}`}>
              <button
                type="button"
                className={styles.categoryButton}
                aria-expanded={isOpen}
                aria-controls={listId}
                data-current={category.id === currentCategory}
                onClick={() => setExpanded(isOpen ? null : category.id)}
              >
                {t(`categories.${category.id}`)}
                <ChevronDownIcon size={16} className={styles.chevron} />
              </button>
              <ul id={listId} className={styles.links} hidden={!isOpen}>
                {category.sections.map((id) => (
                  <li key={id}>
                    <Link
                      to={`/guide#${id}`}
                      className={styles.link}
                      aria-current={id === current ? 'location' : undefined}
                      onClick={(event) => follow(event, id)}
                      data-testid={`guide-link-${id}`}
                    >
                      {titles[id]}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
