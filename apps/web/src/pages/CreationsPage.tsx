import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { boardScope } from '../features/gallery/boards.ts';
import { GalleryBoard } from '../features/gallery/GalleryBoard.tsx';
import { GuestPrompt } from '../features/gallery/GuestPanels.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { useSession } from '../features/session/useSession.ts';

/**
 * /creations (docs/product/routes.md#routes): the signed-in user's own images, private ones included, with a
 * Refresh button.
 * Kept alive; guests get a sign-up prompt.
 */
export default function CreationsPage() {
  const { t } = useTranslation('gallery');
  const { signedIn, user } = useSession();
  const viewerId = user?.id;
  const scope = useMemo(() => boardScope('creations', { viewerId }), [viewerId]);
  return (
    <>
      <PageMeta title={t('board.creations_title')} />
      {signedIn ? (
        <GalleryBoard
          scope={scope}
          title={t('board.creations_title')}
          subtitle={t('board.creations_subtitle')}
          ready={viewerId !== undefined}
        />
      ) : (
        <GuestPrompt board="creations" />
      )}
    </>
  );
}
