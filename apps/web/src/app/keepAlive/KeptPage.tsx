import { Component, createRef, type ReactNode } from 'react';
import { PageActivityContext } from './pageActivity.ts';
import { capturePage, restorePage, type PageSnapshot } from './pageSnapshot.ts';
import styles from './KeptPage.module.css';

interface KeptPageProps {
  active: boolean;
  pathname: string;
  children: ReactNode;
}

/**
 * The box of one kept-alive page. While another page shows it is `hidden` (display: none) and `inert`
 * (no focus, nothing for screen readers), but stays mounted. A class component for one reason:
 * getSnapshotBeforeUpdate runs before React changes the DOM, the last moment at which the page's scroll
 * positions can still be read; they come back in componentDidUpdate, after the router's own scroll reset.
 */
export class KeptPage extends Component<KeptPageProps> {
  private readonly root = createRef<HTMLDivElement>();
  private snapshot: PageSnapshot | null = null;

  override getSnapshotBeforeUpdate(previous: KeptPageProps): null {
    if (previous.active && !this.props.active && this.root.current) {
      this.snapshot = capturePage(this.root.current);
    }
    return null;
  }

  override componentDidUpdate(previous: KeptPageProps): void {
    if (!previous.active && this.props.active && this.snapshot && this.root.current) {
      restorePage(this.snapshot, this.root.current);
      this.snapshot = null;
    }
  }

  override render() {
    const { active, pathname, children } = this.props;
    return (
      <div
        ref={this.root}
        className={styles.page}
        hidden={!active}
        inert={!active}
        data-testid="kept-page"
        data-path={pathname}
      >
        <PageActivityContext.Provider value={active}>{children}</PageActivityContext.Provider>
      </div>
    );
  }
}
