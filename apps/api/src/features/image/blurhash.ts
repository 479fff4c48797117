/**
 * Blurhash encoding (the format at blurha.sh, decoded in the browser by the `blurhash` package) tuned
 * for the completion path: the sRGB → linear conversion is a 256-entry table and the cosine basis is
 * computed once per axis, instead of Math.pow and Math.cos for every pixel of every component. The
 * pixel grid comes from `downsample`, which box-averages the decoded image in JavaScript, so a finished
 * image needs no extra resize round trip through libvips for its placeholder.
 */

const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

function base83(value: number, length: number): string {
  let result = '';
  for (let i = 1; i <= length; i++) {
    const digit = Math.floor(value / 83 ** (length - i)) % 83;
    result += BASE83[digit];
  }
  return result;
}

const SRGB_TO_LINEAR = Float64Array.from({ length: 256 }, (_, value) => {
  const v = value / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
});

function linearToSrgb(value: number): number {
  const v = Math.max(0, Math.min(1, value));
  return v <= 0.0031308
    ? Math.trunc(v * 12.92 * 255 + 0.5)
    : Math.trunc((1.055 * Math.pow(v, 1 / 2.4) - 0.055) * 255 + 0.5);
}

const signPow = (value: number, exponent: number) =>
  (value < 0 ? -1 : 1) * Math.pow(Math.abs(value), exponent);

/** cos(π·component·position / size) for every component and position along one axis. */
function cosineTable(components: number, size: number): Float64Array {
  const table = new Float64Array(components * size);
  for (let c = 0; c < components; c++) {
    for (let p = 0; p < size; p++) table[c * size + p] = Math.cos((Math.PI * c * p) / size);
  }
  return table;
}

/**
 * The blurhash of a width×height image whose pixels are `channels` bytes each (RGB or RGBA; alpha is
 * ignored), with componentsX × componentsY components (1..9 each).
 */
export function encodeBlurhash(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
  componentsX: number,
  componentsY: number,
): string {
  if (componentsX < 1 || componentsX > 9 || componentsY < 1 || componentsY > 9)
    throw new RangeError('blurhash components must be 1..9');
  if (pixels.length < width * height * channels) throw new RangeError('pixel buffer too small');
  const linear = new Float64Array(width * height * 3);
  for (let i = 0, o = 0; o < linear.length; i += channels, o += 3) {
    linear[o] = SRGB_TO_LINEAR[pixels[i]!]!;
    linear[o + 1] = SRGB_TO_LINEAR[pixels[i + 1]!]!;
    linear[o + 2] = SRGB_TO_LINEAR[pixels[i + 2]!]!;
  }
  const cosX = cosineTable(componentsX, width);
  const cosY = cosineTable(componentsY, height);
  const factors: [number, number, number][] = [];
  for (let j = 0; j < componentsY; j++) {
    for (let i = 0; i < componentsX; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      // Summed in the reference encoder's order (x outer, y inner), so hashes match it exactly.
      const normalisation = i === 0 && j === 0 ? 1 : 2;
      for (let x = 0; x < width; x++) {
        const cx = normalisation * cosX[i * width + x]!;
        for (let y = 0; y < height; y++) {
          const basis = cx * cosY[j * height + y]!;
          const o = 3 * (y * width + x);
          r += basis * linear[o]!;
          g += basis * linear[o + 1]!;
          b += basis * linear[o + 2]!;
        }
      }
      const scale = 1 / (width * height);
      factors.push([r * scale, g * scale, b * scale]);
    }
  }

  const [dc, ...ac] = factors as [[number, number, number], ...[number, number, number][]];
  let hash = base83(componentsX - 1 + (componentsY - 1) * 9, 1);
  let maximum = 1;
  if (ac.length > 0) {
    // The largest component value (signed, as the reference encoder does; negatives quantise by it too).
    const actualMaximum = Math.max(...ac.flat());
    const quantised = Math.floor(Math.max(0, Math.min(82, Math.floor(actualMaximum * 166 - 0.5))));
    maximum = (quantised + 1) / 166;
    hash += base83(quantised, 1);
  } else {
    hash += base83(0, 1);
  }
  hash += base83((linearToSrgb(dc[0]) << 16) + (linearToSrgb(dc[1]) << 8) + linearToSrgb(dc[2]), 4);
  const quantise = (value: number) =>
    Math.floor(Math.max(0, Math.min(18, Math.floor(signPow(value / maximum, 0.5) * 9 + 9.5))));
  for (const [r, g, b] of ac) hash += base83(quantise(r) * 19 * 19 + quantise(g) * 19 + quantise(b), 2);
  return hash;
}

/** At most this many samples per grid cell and axis: enough for a placeholder, cheap for 4K images. */
const SAMPLES_PER_AXIS = 8;

/**
 * A targetWidth-wide RGB grid (height in proportion, at least 1) of box averages over the image, each
 * cell averaging up to 8×8 evenly spaced pixels of its area. Images narrower than targetWidth keep
 * their size.
 */
export function downsample(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
  targetWidth: number,
): { data: Uint8Array; width: number; height: number } {
  const outWidth = Math.min(width, targetWidth);
  const outHeight = Math.max(1, Math.min(height, Math.round((height * outWidth) / width)));
  const data = new Uint8Array(outWidth * outHeight * 3);
  for (let cy = 0; cy < outHeight; cy++) {
    const top = Math.floor((cy * height) / outHeight);
    const bottom = Math.max(top + 1, Math.floor(((cy + 1) * height) / outHeight));
    const stepY = Math.max(1, Math.floor((bottom - top) / SAMPLES_PER_AXIS));
    for (let cx = 0; cx < outWidth; cx++) {
      const left = Math.floor((cx * width) / outWidth);
      const right = Math.max(left + 1, Math.floor(((cx + 1) * width) / outWidth));
      const stepX = Math.max(1, Math.floor((right - left) / SAMPLES_PER_AXIS));
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let y = top; y < bottom; y += stepY) {
        for (let x = left; x < right; x += stepX) {
          const i = (y * width + x) * channels;
          r += pixels[i]!;
          g += pixels[i + 1]!;
          b += pixels[i + 2]!;
          count++;
        }
      }
      const o = (cy * outWidth + cx) * 3;
      data[o] = Math.round(r / count);
      data[o + 1] = Math.round(g / count);
      data[o + 2] = Math.round(b / count);
    }
  }
  return { data, width: outWidth, height: outHeight };
}
