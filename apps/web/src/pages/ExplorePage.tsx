import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { boardScope } from '../features/gallery/boards.ts';
import { GalleryBoard } from '../features/gallery/GalleryBoard.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

/** /explore (docs/product/routes.md#routes): the public gallery; guests see the 24 samples. Kept alive. */
export default function ExplorePage() {
  const { t } = useTranslation(['pages', 'gallery']);
  const scope = useMemo(() => boardScope('explore'), []);
  return (
    <>
      <PageMeta title={t('pages:explore.title')} />
      <GalleryBoard
        scope={scope}
        title={t('pages:explore.title')}
        subtitle={t('gallery:board.explore_subtitle')}
      />
    </>
  );
}
