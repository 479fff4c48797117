/**
 * The tweak studio's mask editor: the user paints, over the source image, the area to redraw. The page
 * renders <MaskEditor>, keeps MaskState.document (plain JSON) to restore it later, and sends
 * maskToPng(document) (or the ref's toPng()) unless MaskState.empty.
 */
export { MaskEditor, type MaskEditorHandle, type MaskEditorProps, type MaskState } from './MaskEditor.tsx';
export { maskToPng, maskToPngBytes } from './png.ts';
export { isMaskEmpty } from './raster.ts';
export {
  emptyMaskDocument,
  parseMaskDocument,
  type MaskAction,
  type MaskDocument,
  type MaskStroke,
} from './strokes.ts';
