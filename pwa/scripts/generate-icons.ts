/**
 * Rasterises the Ferryman icons into pwa/public with Node only (no image libraries).
 * Run: npx tsx pwa/scripts/generate-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ferryLayers, gradient, keyLayers, listLayers, roundedRect, type Layer } from './icon-glyphs';
import { encodePng } from './png-encoder';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const SAMPLES = 4;

interface IconSpec {
  file: string;
  size: number;
  /** Fraction of the canvas the glyph occupies (maskable icons keep it inside the safe zone). */
  glyphScale: number;
  /** Rounded transparent corners ("any" icons) or a full-bleed square (maskable, apple-touch). */
  rounded: boolean;
  layers: Layer[];
}

function render({ size, glyphScale, rounded, layers }: IconSpec): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const background = rounded ? roundedRect(0, 0, 1, 1, 0.22) : () => true;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (!background(x, y)) continue;
          let colour = gradient(x, y);
          const gx = (x - 0.5) / glyphScale + 0.5;
          const gy = (y - 0.5) / glyphScale + 0.5;
          for (const layer of layers) if (layer.inside(gx, gy)) colour = layer.colour(gx, gy);
          for (let i = 0; i < 4; i++) acc[i]! += colour[i]! * (i === 3 ? 1 : colour[3] / 255);
        }
      }
      const n = SAMPLES * SAMPLES;
      const alpha = acc[3]! / n;
      const o = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) out[o + i] = alpha > 0 ? Math.round(acc[i]! / n / (alpha / 255)) : 0;
      out[o + 3] = Math.round(alpha);
    }
  }
  return out;
}

const specs: IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, glyphScale: 1, rounded: true, layers: ferryLayers() },
  { file: 'icons/icon-512.png', size: 512, glyphScale: 1, rounded: true, layers: ferryLayers() },
  { file: 'icons/maskable-512.png', size: 512, glyphScale: 0.78, rounded: false, layers: ferryLayers() },
  { file: 'icons/maskable-192.png', size: 192, glyphScale: 0.78, rounded: false, layers: ferryLayers() },
  { file: 'icons/shortcut-token-96.png', size: 96, glyphScale: 1, rounded: true, layers: keyLayers() },
  { file: 'icons/shortcut-log-96.png', size: 96, glyphScale: 1, rounded: true, layers: listLayers() },
  { file: 'apple-touch-icon.png', size: 180, glyphScale: 0.9, rounded: false, layers: ferryLayers() },
  { file: 'favicon-32.png', size: 32, glyphScale: 1.1, rounded: true, layers: ferryLayers() },
  { file: 'logo.png', size: 256, glyphScale: 1, rounded: true, layers: ferryLayers() },
];

mkdirSync(`${publicDir}icons`, { recursive: true });
for (const spec of specs) {
  writeFileSync(publicDir + spec.file, encodePng(spec.size, spec.size, render(spec)));
  console.log(`wrote ${spec.file} (${spec.size}px)`);
}
