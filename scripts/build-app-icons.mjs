// The web app's install icons (apps/web/public/icons, linked from manifest.webmanifest and index.html),
// drawn from the favicon's picture (apps/web/public/favicon.svg). Run by hand after the logo changes:
// `node scripts/build-app-icons.mjs`; the PNGs are committed, nothing is drawn at build or run time.
// sharp comes with the API's dependencies (apps/api/package.json).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');

// The favicon is a rounded square (its gradient) with the mark on it. A maskable icon and Apple's icon are
// cut to shape by the system, so they take the gradient to the edges, with the mark inside the central
// safe zone (a circle of 80% of the width for maskable icons: https://w3c.github.io/manifest/#icon-masks).
const gradient = /<defs>.*<\/defs>/.exec(favicon)?.[0];
const mark = favicon.slice(favicon.indexOf('<circle'), favicon.lastIndexOf('</svg>'));
if (!gradient || !mark) throw new Error('favicon.svg no longer has the shape this script expects');

/** A full-bleed square with the mark scaled by `scale` around the centre. */
function fullBleed(scale) {
  const offset = (32 * (1 - scale)) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${gradient}` +
    `<rect width="32" height="32" fill="url(#g)"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`
  );
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.62) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(`${publicDir}icons/${file}`);
  console.log(`${file}: ${size}x${size}`);
}
