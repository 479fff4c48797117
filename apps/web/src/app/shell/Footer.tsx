import { LEGAL_DOCS, legalPagePath, legalPdfPath, type LegalDoc } from '@mirage/domain/legal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSocialLinks } from '../../features/community/index.ts';
import { useSiteInfo } from '../../features/site/index.ts';
import { openModal } from '../../features/modal/modal.ts';
import { GlobeIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import styles from './Footer.module.css';

const YEAR = new Date().getFullYear();

/** The documents whose PDF the footer links (spec §2: privacy policy, terms of service, DMCA). */
const PDF_DOCS: LegalDoc[] = ['privacy', 'terms', 'dmca'];

export function Footer() {
  const { t } = useTranslation('common');
  const { t: tLegal } = useTranslation('legal');
  const social = useSocialLinks();
  const contactEmail = useSiteInfo()?.operator.contact_email ?? null;
  const columns = [
    {
      title: t('footer.product'),
      links: [
        { to: '/explore', label: t('nav.explore') },
        { to: '/create', label: t('nav.create') },
        { to: '/tickets', label: t('nav.shop') },
        { to: '/leaderboard', label: t('nav.leaderboard') },
      ],
    },
    {
      title: t('footer.resources'),
      links: [
        { to: '/guide', label: t('nav.guide') },
        { to: '/about', label: t('nav.about') },
        { to: '/provenance', label: t('nav.provenance') },
        { to: '/daily-tasks', label: t('nav.daily_tasks') },
      ],
    },
  ];

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <p className={styles.adult}>
            <span className={styles.badge}>18+</span>
            {t('footer.adults_only')}
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} className={styles.column} aria-label={column.title}>
            <h2 className={styles.columnTitle}>{column.title}</h2>
            <ul className={styles.list}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {social.length > 0 && (
          <nav className={styles.column} aria-label={t('community.title')} data-testid="footer-community">
            <h2 className={styles.columnTitle}>{t('community.title')}</h2>
            <ul className={styles.list}>
              {social.map((link) => (
                <li key={link.place}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                    {t(`community.${link.place}`)}
                    <span className="visually-hidden"> {t('community.new_tab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* The legal documents (docs/product/legal.md): their pages, their PDFs, and the contact mail. */}
        <nav className={styles.column} aria-label={tLegal('footer.title')} data-testid="footer-legal">
          <h2 className={styles.columnTitle}>{tLegal('footer.title')}</h2>
          <ul className={styles.list}>
            {LEGAL_DOCS.map((doc) => (
              <li key={doc}>
                <Link to={legalPagePath(doc)} className={styles.link}>
                  {tLegal(`docs.${doc}`)}
                </Link>
                {PDF_DOCS.includes(doc) && (
                  <a
                    href={legalPdfPath(doc)}
                    type="application/pdf"
                    className={styles.pdf}
                    data-testid={`footer-pdf-${doc}`}
                  >
                    {/* The name starts with what is seen ("PDF"), then says which document (WCAG 2.5.3). */}
                    PDF<span className="visually-hidden"> ({tLegal(`docs.${doc}`)})</span>
                  </a>
                )}
              </li>
            ))}
            {contactEmail && (
              <li>
                <a href={`mailto:${contactEmail}`} className={styles.link} data-testid="footer-contact">
                  {tLegal('footer.contact')}
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <div className={styles.bottom}>
        <p>{t('footer.copyright', { year: YEAR })}</p>
        <button
          type="button"
          className={styles.language}
          onClick={() => openModal('language')}
          data-testid="footer-language"
        >
          <GlobeIcon size={18} />
          {t('menu.language')}
        </button>
      </div>
    </footer>
  );
}
