import type { ReactNode } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import styles from './Generator.module.css';

/** A query the gate waits for: whether it failed, and how to ask again. */
interface GatedQuery {
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What the generator and the tweak studio show until the catalogue (styles, boosters, moderation rules)
 * is there: an error with a retry when a query failed, a spinner holding a screen's height while
 * loading (so that the footer below is not painted in view and then pushed down: no layout shift), then
 * the page.
 */
export function CatalogueGate({
  queries,
  ready,
  texts,
  testId,
  children,
}: {
  queries: readonly GatedQuery[];
  ready: boolean;
  texts: { loading: string; failed: string; retry: string };
  testId: string;
  children: ReactNode;
}) {
  if (queries.some((query) => query.isError)) {
    const retry = () => queries.forEach((query) => void query.refetch());
    return (
      <div className={styles.loadError}>
        <Alert>{texts.failed}</Alert>
        <Button variant="secondary" onClick={retry}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  if (!ready) {
    return (
      <div className={styles.loading} data-testid={testId}>
        <PageSpinner label={texts.loading} />
      </div>
    );
  }
  return children;
}
