import { useTranslation } from 'react-i18next';
import { AuthPanel } from '../features/account/AuthPanel.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

export default function SignUpPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageMeta title={t('signup.meta_title')} />
      <AuthPanel mode="signup" />
    </>
  );
}
