import {
  LEGAL_DOCS,
  legalPagePath,
  legalPdfPath,
  loadLegalDocument,
  type LegalBlock,
  type LegalDoc,
  type LegalValues,
} from '@mirage/domain/legal';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PageMeta } from '../meta/index.ts';
import { SITE_INFO_KEY, useSiteInfo } from '../site/index.ts';
import { formatLegalDate, legalValues, textRuns, type Operator } from './text.ts';
import styles from './LegalView.module.css';

/**
 * While the site information cannot be had (the call failed): the documents still show, with the operator
 * named generically rather than not at all.
 */
const UNKNOWN_OPERATOR: Operator = {
  name: 'the operator of this site',
  address: 'address unavailable',
  contact_email: null,
};

/** A text of the document with its placeholders filled; the contact mail is a mail link. */
function Text({ text, values }: { text: string; values: LegalValues }) {
  return textRuns(text, values).map((run, index) =>
    'mailto' in run ? (
      <a key={index} href={run.mailto}>
        {run.text}
      </a>
    ) : (
      run.text
    ),
  );
}

function Block({ block, values }: { block: LegalBlock; values: LegalValues }) {
  if (typeof block === 'string')
    return (
      <p>
        <Text text={block} values={values} />
      </p>
    );
  return (
    <ul>
      {block.map((item, index) => (
        <li key={index}>
          <Text text={item} values={values} />
        </li>
      ))}
    </ul>
  );
}

/** The four documents, the current one marked; a row of tabs on a phone, a side list on a wide screen. */
function DocumentNav({ current }: { current: LegalDoc }) {
  const { t } = useTranslation('legal');
  const list = useRef<HTMLElement>(null);
  // On a phone the row may hide the current document past its edge: bring it in (only sideways).
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector('[aria-current="page"]');
    if (!row || !link) return;
    const offset = link.getBoundingClientRect().right - row.getBoundingClientRect().right;
    if (offset > 0) row.scrollLeft += offset + 16;
  }, [current]);
  return (
    <nav ref={list} className={styles.nav} aria-label={t('nav_label')} data-testid="legal-nav">
      <ul>
        {LEGAL_DOCS.map((doc) => (
          <li key={doc}>
            <NavLink
              to={legalPagePath(doc)}
              className={styles.navLink}
              aria-current={doc === current ? 'page' : undefined}
            >
              {t(`docs.${doc}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /legal/:doc (docs/product/legal.md): one legal document, in English (the binding version) whatever the
 * interface language, with the operator's name, address and contact mail of the configuration filled in;
 * the page's chrome (the list of documents, the date, the PDF link) is translated.
 */
export function LegalView({ doc }: { doc: LegalDoc }) {
  const { t, i18n } = useTranslation('legal');
  const { hash } = useLocation();
  const source = useQuery({
    queryKey: ['legal-document', doc],
    queryFn: () => loadLegalDocument(doc),
    staleTime: Infinity,
  });
  const site = useSiteInfo();
  const siteLoading = useIsFetching({ queryKey: SITE_INFO_KEY }) > 0 && !site;
  const values = legalValues(site?.operator ?? UNKNOWN_OPERATOR, window.location.origin);
  const ready = source.data && !siteLoading;

  // An address with a section's anchor (/legal/privacy#retention) scrolls to it once the text is there.
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);

  const title = t(`docs.${doc}`);
  return (
    <div className={styles.page}>
      <PageMeta title={title} />
      <DocumentNav current={doc} />
      <div className={styles.main}>
        {ready ? (
          <article className={styles.document} lang="en" data-testid="legal-document">
            <header className={styles.header}>
              <h1 className={styles.title}>{source.data.title}</h1>
              <p className={styles.meta} lang={i18n.language}>
                {t('last_updated', { date: formatLegalDate(source.data.updated, i18n.language) })}
              </p>
              {i18n.language !== 'en' && (
                <p className={styles.binding} lang={i18n.language} data-testid="legal-binding">
                  {t('english_binding')}
                </p>
              )}
              <a
                className={styles.pdf}
                href={legalPdfPath(doc)}
                type="application/pdf"
                lang={i18n.language}
                data-testid="legal-pdf"
              >
                <DownloadIcon size={18} />
                {t('download_pdf')}
              </a>
            </header>
            {source.data.intro.map((block, index) => (
              <Block key={index} block={block} values={values} />
            ))}
            {source.data.sections.map((section) => (
              <section key={section.id} id={section.id} className={styles.section}>
                <h2>
                  <Text text={section.heading} values={values} />
                </h2>
                {section.body.map((block, index) => (
                  <Block key={index} block={block} values={values} />
                ))}
              </section>
            ))}
          </article>
        ) : source.isError ? (
          <div className={styles.state} role="alert">
            <p>{t('failed')}</p>
            <Button onClick={() => void source.refetch()}>{t('retry')}</Button>
          </div>
        ) : (
          <div className={styles.state}>
            <Spinner size={28} label={t('loading')} />
          </div>
        )}
      </div>
    </div>
  );
}
