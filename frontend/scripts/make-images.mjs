// Draws feedlab's own images into public/ (committed; rerun only to change them):
//   img/error.png, img/notfound.png  error and not-found screens (spec)
//   img/team/avatar-N.svg            abstract team avatars (no real people)
//   favicon.svg, favicon.png         the header's card-stack mark
//
//   node scripts/make-images.mjs
//
// Shapes are drawn as signed-distance fields, which gives anti-aliased edges without a
// graphics library; PNGs are encoded with node:zlib.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const colours = {
  wash: '#F6F3EF',
  card: '#FFFFFF',
  line: '#DDD6D0',
  text: '#CFC7C0',
  header: '#32292F',
  accent: '#F2C14E',
  sky: '#9CC5E8',
};

// ---------- a tiny SDF canvas ----------

function hex(colour) {
  const n = parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function canvas(width, height, background) {
  const px = new Float32Array(width * height * 3);
  const [r, g, b] = hex(background);
  for (let i = 0; i < width * height; i++) px.set([r, g, b], i * 3);
  return {
    width,
    height,
    px,
    /** fill blends colour wherever sdf(x, y) < 0, with a one-pixel soft edge. */
    fill(sdf, colour) {
      const [cr, cg, cb] = hex(colour);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const a = Math.min(1, Math.max(0, 0.5 - sdf(x + 0.5, y + 0.5)));
          if (a === 0) continue;
          const i = (y * width + x) * 3;
          px[i] += (cr - px[i]) * a;
          px[i + 1] += (cg - px[i + 1]) * a;
          px[i + 2] += (cb - px[i + 2]) * a;
        }
      }
    },
  };
}

const roundRect = (x, y, w, h, r) => (px, py) => {
  const qx = Math.abs(px - (x + w / 2)) - (w / 2 - r);
  const qy = Math.abs(py - (y + h / 2)) - (h / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const circle = (cx, cy, r) => (px, py) => Math.hypot(px - cx, py - cy) - r;
const ring = (cx, cy, r, width) => (px, py) => Math.abs(Math.hypot(px - cx, py - cy) - r) - width / 2;
const outline = (shape, width) => (px, py) => Math.abs(shape(px, py)) - width / 2;
/** capsule is a line from (ax, ay) to (bx, by) with round caps, `width` thick. */
const capsule = (ax, ay, bx, by, width) => (px, py) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy) - width / 2;
};
/** roundTriangle is a triangle with its corners rounded by r (distance to a shrunk triangle). */
const roundTriangle = (points, r) => (px, py) => {
  let inside = true;
  let dist = Infinity;
  for (let i = 0; i < 3; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % 3];
    dist = Math.min(dist, capsule(ax, ay, bx, by, 0)(px, py));
    const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    if (cross < 0) inside = false;
  }
  return (inside ? -dist : dist) - r;
};

/** sevenSegment draws a digit from capsules; enough for "404" without a font. */
function sevenSegment(c, digit, x, y, w, h, thick, colour) {
  const segments = {
    0: 'abcdef',
    4: 'bcfg',
  }[digit];
  const mid = y + h / 2;
  const lines = {
    a: [x, y, x + w, y],
    b: [x + w, y, x + w, mid],
    c: [x + w, mid, x + w, y + h],
    d: [x, y + h, x + w, y + h],
    e: [x, mid, x, y + h],
    f: [x, y, x, mid],
    g: [x, mid, x + w, mid],
  };
  for (const s of segments) c.fill(capsule(...lines[s], thick), colour);
}

/** feedCard draws the shared backdrop: a feed card with a header strip and text lines. */
function feedCard(c) {
  const card = roundRect(150, 40, 340, 320, 22);
  c.fill(roundRect(158, 50, 340, 320, 22), colours.line); // soft shadow
  c.fill(card, colours.card);
  c.fill(outline(card, 3), colours.line);
  c.fill(circle(190, 80, 16), colours.text);
  c.fill(capsule(220, 72, 330, 72, 10), colours.text);
  c.fill(capsule(220, 90, 290, 90, 8), colours.line);
  c.fill(capsule(182, 310, 450, 310, 12), colours.text);
  c.fill(capsule(182, 334, 390, 334, 12), colours.text);
}

function notFoundImage() {
  const c = canvas(640, 400, colours.wash);
  feedCard(c);
  c.fill(roundRect(176, 116, 288, 168, 12), colours.wash);
  sevenSegment(c, 4, 206, 150, 44, 100, 14, colours.header);
  sevenSegment(c, 0, 298, 150, 44, 100, 14, colours.header);
  sevenSegment(c, 4, 390, 150, 44, 100, 14, colours.header);
  // A magnifying glass searching the feed.
  c.fill(capsule(568, 298, 608, 340, 22), colours.header);
  c.fill(circle(532, 262, 48), '#FDFCFA'); // the lens
  c.fill(ring(532, 262, 48, 16), colours.accent);
  return c;
}

function errorImage() {
  const c = canvas(640, 400, colours.wash);
  feedCard(c);
  c.fill(roundRect(176, 116, 288, 168, 12), colours.sky);
  // A broken image: the picture area torn along a zigzag.
  const zig = [[176, 220], [230, 190], [280, 232], [330, 188], [380, 236], [430, 196], [464, 214]];
  for (let i = 0; i < zig.length - 1; i++) c.fill(capsule(...zig[i], ...zig[i + 1], 10), colours.card);
  // A warning sign in front.
  const tri = [[500, 170], [575, 300], [425, 300]];
  c.fill(roundTriangle(tri, 10), colours.accent);
  c.fill(capsule(500, 212, 500, 258, 16), colours.header);
  c.fill(circle(500, 282, 9), colours.header);
  return c;
}

function faviconImage(size) {
  const s = size / 32;
  const c = canvas(size, size, colours.wash);
  c.fill(roundRect(0, 0, 32 * s, 32 * s, 7 * s), colours.header);
  c.fill(roundRect(5 * s, 4.5 * s, 22 * s, 9.5 * s, 2.5 * s), colours.accent);
  c.fill(outline(roundRect(5.8 * s, 17.5 * s, 20.4 * s, 10 * s, 2.2 * s), 2 * s), colours.card);
  return c;
}

// ---------- PNG encoding ----------

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png({ width, height, px }) {
  // Filter type 1 (Sub) per row: flat colours become runs of zeros that deflate well.
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 1;
    for (let x = 0; x < width * 3; x++) {
      const v = Math.round(px[y * width * 3 + x]);
      const left = x >= 3 ? Math.round(px[y * width * 3 + x - 3]) : 0;
      raw[row + 1 + x] = (v - left) & 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- SVGs ----------

const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="${colours.header}"/>
<rect x="5" y="4.5" width="22" height="9.5" rx="2.5" fill="${colours.accent}"/>
<rect x="5.8" y="17.5" width="20.4" height="10" rx="2.2" fill="none" stroke="#fff" stroke-width="2"/>
</svg>
`;

/** avatarSvg draws an abstract head-and-shoulders figure; the palette varies per member. */
function avatarSvg([background, body, head], variant) {
  const hair = [
    '<path d="M31 38c0-12 8-19 17-19s17 7 17 19c-4-5-10-7-17-7s-13 2-17 7z"/>',
    '<circle cx="48" cy="24" r="9"/>',
    '<path d="M30 40c-1-14 7-22 18-22s19 8 18 22l-4-8H34z"/>',
    '',
  ][variant % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="48" fill="${background}"/>
<path d="M16 90c3-18 16-27 32-27s29 9 32 27a48 48 0 0 1-64 0z" fill="${body}"/>
<circle cx="48" cy="42" r="16" fill="${head}"/>
<g fill="${colours.header}">${hair}</g>
</svg>
`;
}

const palettes = [
  ['#F2C14E', '#32292F', '#E8B894'],
  ['#9CC5E8', '#2F5D8A', '#C68B65'],
  ['#B9D8B4', '#4E7A48', '#F0CBA8'],
  ['#E7B3C4', '#7A3E55', '#8D5B3E'],
];

// ---------- write ----------

function write(path, data) {
  const file = join(publicDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  console.log(`${path.padEnd(24)} ${data.length} bytes`);
}

write('img/notfound.png', png(notFoundImage()));
write('img/error.png', png(errorImage()));
write('favicon.png', png(faviconImage(32)));
write('favicon.svg', faviconSvg);
palettes.forEach((palette, i) => write(`img/team/avatar-${i + 1}.svg`, avatarSvg(palette, i)));
