import { useParams } from 'react-router';
import { ImageViewer } from '../features/image/ImageViewer.tsx';

/**
 * /image/{uuid} (docs/product/routes.md#routes): the full-screen image viewer; the query string names the
 * board it came from.
 */
export default function ImagePage() {
  const { uuid = '' } = useParams();
  return <ImageViewer uuid={uuid} />;
}
