#!/usr/bin/env node
// Writes the checkout's favicon from one drawing of the mark (a ticket on the checkout's blue, as shell/src/ui/Mark.tsx
// draws it): src/assets/favicon.svg for browsers that take SVG icons and src/assets/favicon.ico (16, 32 and 48 px PNGs
// in an ICO) for the rest and for /favicon.ico. No image library: the shapes are simple enough to rasterise here, with
// 8x8 samples a pixel for smooth edges. Run it again after changing the drawing: node shell/scripts/favicon.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'assets');

const BLUE = [0x1b, 0x4f, 0xd8];
const WHITE = [0xff, 0xff, 0xff];

// The drawing, on a 32x32 grid.
const TILE = { x0: 0, y0: 0, x1: 32, y1: 32, r: 7 };
const TICKET = { x0: 5, y0: 9, x1: 27, y1: 23, r: 2 };
const NOTCH_R = 3;
const NOTCHES = [
  [5, 16],
  [27, 16],
];
const PERFORATION = {
  x: 20,
  width: 1.5,
  dashes: [
    [11, 13],
    [15, 17],
    [19, 21],
  ],
};

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="${TILE.r}" fill="#1b4fd8"/>
<path fill="#fff" d="M7 9h18a2 2 0 0 1 2 2v2a3 3 0 0 0 0 6v2a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-2a3 3 0 0 0 0-6v-2a2 2 0 0 1 2-2z"/>
<path fill="none" stroke="#1b4fd8" stroke-width="${PERFORATION.width}" stroke-dasharray="2 2" d="M${PERFORATION.x} 11v10"/>
</svg>
`;

function inRoundedRect(x, y, { x0, y0, x1, y1, r }) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The colour at a point of the 32x32 drawing, or null where it is transparent. */
function colourAt(x, y) {
  if (!inRoundedRect(x, y, TILE)) return null;
  const onTicket =
    inRoundedRect(x, y, TICKET) && NOTCHES.every(([nx, ny]) => (x - nx) ** 2 + (y - ny) ** 2 > NOTCH_R ** 2);
  if (!onTicket) return BLUE;
  const perforated =
    Math.abs(x - PERFORATION.x) <= PERFORATION.width / 2 &&
    PERFORATION.dashes.some(([from, to]) => y >= from && y <= to);
  return perforated ? BLUE : WHITE;
}

/** RGBA pixels of the drawing at size x size, each pixel the average of 8x8 samples. */
function rasterise(size) {
  const samples = 8;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt(((px + (sx + 0.5) / samples) * 32) / size, ((py + (sy + 0.5) / samples) * 32) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const at = (py * size + px) * 4;
      if (covered > 0) {
        pixels[at] = Math.round(r / covered);
        pixels[at + 1] = Math.round(g / covered);
        pixels[at + 2] = Math.round(b / covered);
      }
      pixels[at + 3] = Math.round((covered / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const pixels = rasterise(size);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (every browser and Windows since Vista read those). */
function ico(sizes) {
  const images = sizes.map(png);
  const head = Buffer.alloc(6);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image, i) => {
    const entry = Buffer.alloc(16);
    entry[0] = sizes[i] >= 256 ? 0 : sizes[i];
    entry[1] = sizes[i] >= 256 ? 0 : sizes[i];
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([head, ...entries, ...images]);
}

writeFileSync(path.join(out, 'favicon.svg'), svg);
writeFileSync(path.join(out, 'favicon.ico'), ico([16, 32, 48]));
console.log(`wrote ${path.join(out, 'favicon.svg')} and favicon.ico`);
