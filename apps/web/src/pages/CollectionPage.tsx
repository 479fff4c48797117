import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { boardScope } from '../features/gallery/boards.ts';
import { GalleryBoard } from '../features/gallery/GalleryBoard.tsx';
import { GuestPrompt } from '../features/gallery/GuestPanels.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { useSession } from '../features/session/useSession.ts';

/**
 * /collection (docs/product/routes.md#routes): the signed-in user's favourites. Kept alive; guests get a
 * sign-up prompt.
 */
export default function CollectionPage() {
  const { t } = useTranslation('gallery');
  const { signedIn } = useSession();
  const scope = useMemo(() => boardScope('collection'), []);
  return (
    <>
      <PageMeta title={t('board.collection_title')} />
      {signedIn ? (
        <GalleryBoard
          scope={scope}
          title={t('board.collection_title')}
          subtitle={t('board.collection_subtitle')}
        />
      ) : (
        <GuestPrompt board="collection" />
      )}
    </>
  );
}
