import { CREATE_REDIRECT_NOTICE_MS } from '@mirage/domain';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CheckIcon } from '../../ui/icons.tsx';
import { dismissNotice, notify } from '../../ui/notice.ts';
import { Logo } from '../../ui/Logo.tsx';
import { OAuthButtons } from '../oauth/index.ts';
import { reloadTo } from '../session/index.ts';
import { ReferralBanner } from './ReferralBanner.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import styles from './AuthPanel.module.css';

export type AuthMode = 'signin' | 'signup';

/**
 * Where a visitor sent to sign up (or in) returns afterwards: docs/product/decisions.md#accounts-and-routes
 * (rel=create: the generator); rel=tickets: the shop, whose Buy sent the guest here.
 */
const REL_TARGETS: Record<string, string> = { create: '/create', tickets: '/tickets' };

/**
 * The login page of docs/product/accounts.md#sign-in: OAuth buttons, "or", the form of the mode, and a footer
 * toggle.
 */
export function AuthPanel({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation(['account', 'shop']);
  const [params] = useSearchParams();
  const rel = params.get('rel');
  const query = params.toString();
  const search = query ? `?${query}` : '';
  const target = (rel ? REL_TARGETS[rel] : undefined) ?? '/explore';
  const done = useCallback(() => reloadTo(target), [target]);

  useEffect(() => {
    if (!rel) return;
    const text = rel === 'tickets' ? t('shop:signupNotice') : t('create_redirect_signup');
    const id = notify(text, 'info', CREATE_REDIRECT_NOTICE_MS);
    return () => dismissNotice(id);
  }, [rel, t]);

  const benefits = [t('aside.benefit_styles'), t('aside.benefit_control'), t('aside.benefit_private')];

  return (
    <div className={styles.layout}>
      <aside className={styles.aside} aria-hidden="true">
        <div className={styles.asideArt} />
        <div className={styles.asideContent}>
          <Logo />
          <p className={styles.asideTitle}>{t('aside.title')}</p>
          <ul className={styles.benefits}>
            {benefits.map((benefit) => (
              <li key={benefit}>
                <CheckIcon size={18} />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <section className={styles.panel} aria-labelledby="auth-title">
        <header className={styles.header}>
          <h1 id="auth-title" className={styles.title}>
            {mode === 'signin' ? t('signin.title') : t('signup.title')}
          </h1>
          <p className={styles.subtitle}>{mode === 'signin' ? t('signin.subtitle') : t('signup.subtitle')}</p>
        </header>
        {mode === 'signup' && <ReferralBanner />}
        <OAuthButtons onSuccess={done} />
        {mode === 'signin' ? <SignInForm onSuccess={done} /> : <SignUpForm onSuccess={done} />}
        <p className={styles.toggle}>
          {mode === 'signin' ? t('signin.no_account') : t('signup.have_account')}{' '}
          <Link
            to={`/account/${mode === 'signin' ? 'signup' : 'signin'}${search}`}
            data-testid="auth-mode-toggle"
          >
            {mode === 'signin' ? t('signin.to_signup') : t('signup.to_signin')}
          </Link>
        </p>
      </section>
    </div>
  );
}
