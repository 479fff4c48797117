import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { boardScope, parseGallerySlug } from '../features/gallery/boards.ts';
import { GalleryBoard } from '../features/gallery/GalleryBoard.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

function UserBoard({ username, id }: { username: string; id: number }) {
  const { t } = useTranslation('gallery');
  const scope = useMemo(() => boardScope('gallery', { authorId: id }), [id]);
  return (
    <>
      <PageMeta title={t('board.user_meta_title', { username })} />
      <GalleryBoard scope={scope} title={username} subtitle={t('board.user_subtitle', { username })} />
    </>
  );
}

/**
 * /gallery/{username}-{id} (docs/product/routes.md#routes): one user's public images, the username as the
 * heading.
 */
export default function UserGalleryPage() {
  const { slug } = useParams();
  const parsed = parseGallerySlug(slug);
  if (!parsed) return <Navigate to="/404" replace />;
  // One board per user: another user's gallery starts with its own state.
  return <UserBoard key={parsed.id} username={parsed.username} id={parsed.id} />;
}
