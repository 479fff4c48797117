import { legalPdfPath, type LegalDoc } from '@mirage/domain/legal';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import styles from './Faq.module.css';

/** The FAQ's items, by their anchors (docs/product/routes.md, Shop): /tickets#energy opens that answer. */
export const FAQ_ITEMS = [
  'what_are_tickets',
  'energy',
  'copyright',
  'make_images',
  'eco_mode',
  '600_img',
] as const;
type FaqItem = (typeof FAQ_ITEMS)[number];

/** A page of the app, or the PDF of a legal document (docs/product/legal.md; spec §2: the terms PDF). */
type FaqLink = { to: string; label: 'create' | 'guide' } | { pdf: LegalDoc };

const FAQ_LINKS: Partial<Record<FaqItem, FaqLink[]>> = {
  what_are_tickets: [{ to: '/create', label: 'create' }],
  // "…belong to you, under the terms of service."
  copyright: [{ pdf: 'terms' }],
  make_images: [
    { to: '/create', label: 'create' },
    { to: '/guide', label: 'guide' },
  ],
  eco_mode: [{ to: '/create', label: 'create' }],
};

/** Questions and answers, each expanding on its own; the address's hash opens one and scrolls to it. */
export function Faq({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('shop');
  const { t: tLegal } = useTranslation('legal');
  const { hash } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!(FAQ_ITEMS as readonly string[]).includes(id)) return;
    const item = document.getElementById(id);
    if (!(item instanceof HTMLDetailsElement)) return;
    item.open = true;
    item.scrollIntoView({ block: 'start' });
    item.querySelector('summary')?.focus({ preventScroll: true });
  }, [hash]);

  return (
    <section className={styles.faq} aria-labelledby="shop-faq-title" data-testid="shop-faq">
      <h2 id="shop-faq-title" className={styles.title}>
        {t('faq.title')}
      </h2>
      <div className={styles.items}>
        {FAQ_ITEMS.map((item) => (
          <details key={item} id={item} className={styles.item} data-testid="faq-item">
            <summary className={styles.question}>
              {t(`faq.items.${item}.question`)}
              <ChevronDownIcon size={18} className={styles.chevron} />
            </summary>
            <div className={styles.answer}>
              <p>{t(`faq.items.${item}.answer`)}</p>
              {FAQ_LINKS[item] && (
                <p className={styles.links}>
                  {FAQ_LINKS[item].map((link) =>
                    'pdf' in link ? (
                      <a key={link.pdf} href={legalPdfPath(link.pdf)} type="application/pdf">
                        {tLegal('pdf_of', { title: tLegal(`docs.${link.pdf}`) })}
                      </a>
                    ) : (
                      <Link key={link.to} to={link.to}>
                        {t(`faq.links.${link.label}`)}
                      </Link>
                    ),
                  )}
                </p>
              )}
            </div>
          </details>
        ))}
      </div>
      {!signedIn && (
        <p className={styles.signup}>
          <Link to="/account/signup" data-testid="faq-signup">
            {t('faq.links.signup')}
          </Link>
        </p>
      )}
    </section>
  );
}
