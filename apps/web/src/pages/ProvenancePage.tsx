import { useTranslation } from 'react-i18next';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { ProvenanceCheck } from '../features/provenance/index.ts';

/** /provenance: whether an image was made here (issue 18 §2). */
export default function ProvenancePage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageMeta title={t('provenance.title')} />
      <ProvenanceCheck />
    </>
  );
}
