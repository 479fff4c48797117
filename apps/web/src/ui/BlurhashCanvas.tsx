import { decode, isBlurhashValid } from 'blurhash';
import { useEffect, useRef } from 'react';

const SIZE = 32;

/** A blurhash drawn on a tiny canvas that CSS stretches over the image's box (DESIGN: no jumping). */
export function BlurhashCanvas({ hash, className }: { hash: string; className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !isBlurhashValid(hash).result) return;
    const pixels = decode(hash, SIZE, SIZE);
    const image = context.createImageData(SIZE, SIZE);
    image.data.set(pixels);
    context.putImageData(image, 0, 0);
  }, [hash]);
  return <canvas ref={canvas} width={SIZE} height={SIZE} className={className} aria-hidden="true" />;
}
