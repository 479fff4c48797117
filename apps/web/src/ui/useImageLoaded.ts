import { useCallback, useState } from 'react';

/** The props an `<img>` takes from {@link useImageLoaded}. */
export interface ImageLoadedProps {
  ref: (image: HTMLImageElement | null) => void;
  onLoad: () => void;
  'data-loaded': boolean;
}

/**
 * Whether a picture that fades in once loaded (`img[data-loaded='false'] { opacity: 0 }`) has loaded, as the
 * props its `<img>` takes. A picture the browser already shows elsewhere in the document (a card's
 * thumbnail, opened in the viewer) is complete as soon as its element exists, before React listens for its
 * load event: the ref sees that when the element is attached, and the picture is then shown in the same
 * commit (a state update from a ref runs synchronously at the end of the commit). A change of `src` starts
 * over.
 *
 * The first screen's pictures (`atOnce`) do not fade: the page preloads them, so there is nothing to cover,
 * and a picture that fades in from transparent counts as painted only when the page next paints on the main
 * thread — on a phone, up to a second after it was drawn (issue 20: largest contentful paint). A preloaded
 * picture is not complete when its element is made (it is not yet in the document's list of available
 * images), so the ref cannot tell.
 */
export function useImageLoaded(src: string, { atOnce = false } = {}): ImageLoadedProps {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const ref = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth > 0) setLoadedSrc(src);
    },
    [src],
  );
  const onLoad = useCallback(() => setLoadedSrc(src), [src]);
  return { ref, onLoad, 'data-loaded': atOnce || loadedSrc === src };
}

/**
 * How a picture is decoded: those of the first screen (in view, loaded with high priority) with the frame
 * that first shows them, the others off the main thread. An async decode left a picture that was already
 * loaded out of the first frame, to be painted in the next one, which the page's start-up work (effects,
 * focus, layout) held back for up to half a second on a phone (issue 20: largest contentful paint); the
 * few small first-screen pictures decode in a few milliseconds.
 */
export const firstScreenDecoding = (firstScreen: boolean): 'sync' | 'async' =>
  firstScreen ? 'sync' : 'async';
