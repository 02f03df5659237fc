/**
 * Writes the gallery's responsive images (AVIF and WebP at each width of galleryWidths) into
 * public/gallery/, plus the site icons and the link-preview image.
 *
 * For each item of src/config/gallery.ts: the owner's photo in gallery-photos/<name>.<ext>
 * when there is one, otherwise an original illustration of the room drawn here as SVG.
 * Run with `npm run gallery -w web`; commit the results.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { galleryList, galleryWidths } from '../src/config/gallery';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(web, 'public', 'gallery');
const photos = join(web, 'gallery-photos');
const W = 1200;
const H = 900;

// ------------------------------------------------------------------ drawing helpers

/** A small deterministic random generator, so the same list always draws the same pictures. */
function random(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

interface Palette {
  wall: string;
  floor: string;
  cabinet: string;
  accent: string;
  bench: string;
  metal: string;
}

function room(p: Palette, rnd: () => number, floorY = 690) {
  const boards = Array.from({ length: 14 }, (_, i) => rect(i * 90 - rnd() * 40, floorY, 2, H - floorY, shade(p.floor, -0.08))).join('');
  return `
    <defs>
      <linearGradient id="wallLight" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${shade(p.wall, 0.06)}"/><stop offset="1" stop-color="${shade(p.wall, -0.06)}"/>
      </linearGradient>
      <linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${shade(p.floor, -0.1)}"/><stop offset="1" stop-color="${shade(p.floor, 0.04)}"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0" r="0.8">
        <stop offset="0" stop-color="#fff6dc" stop-opacity="0.55"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/>
      </radialGradient>
    </defs>
    ${rect(0, 0, W, floorY, 'url(#wallLight)')}
    ${rect(0, floorY, W, H - floorY, 'url(#floorShade)')}
    ${boards}
    ${rect(0, floorY - 6, W, 6, shade(p.wall, -0.15))}`;
}

function plant(x: number, y: number, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    ${rect(-18, 0, 36, 40, '#d8cfc2', 'rx="5"')}
    <path d="M0 2 C-30 -30 -40 -60 -25 -80 C-10 -55 -5 -30 0 2Z" fill="#5d7d4a"/>
    <path d="M0 2 C25 -35 40 -55 30 -85 C10 -60 5 -30 0 2Z" fill="#6e9157"/>
    <path d="M0 2 C-5 -40 0 -70 8 -95 C14 -65 10 -35 0 2Z" fill="#4f6e3f"/>
  </g>`;
}

function window_(x: number, y: number, w: number, h: number) {
  return `${rect(x - 8, y - 8, w + 16, h + 16, '#f4f1ea', 'rx="4"')}
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#bfd7e6"/>
    <path d="M${x} ${y + h * 0.7} Q ${x + w * 0.3} ${y + h * 0.45} ${x + w * 0.6} ${y + h * 0.62} T ${x + w} ${y + h * 0.55} V ${y + h} H ${x} Z" fill="#8fb38a"/>
    ${rect(x + w / 2 - 3, y, 6, h, '#f4f1ea')}${rect(x, y + h / 2 - 3, w, 6, '#f4f1ea')}`;
}

function handle(x: number, y: number, horizontal: boolean, color: string) {
  return horizontal ? rect(x - 22, y - 3, 44, 6, color, 'rx="3"') : rect(x - 3, y - 22, 6, 44, color, 'rx="3"');
}

function pendant(x: number, color: string) {
  return `<line x1="${x}" y1="0" x2="${x}" y2="150" stroke="#333" stroke-width="2"/>
    <path d="M${x - 34} 190 Q ${x} 130 ${x + 34} 190 Z" fill="${color}"/>
    <ellipse cx="${x}" cy="192" rx="24" ry="5" fill="#fff3c4"/>
    <ellipse cx="${x}" cy="260" rx="90" ry="70" fill="url(#glow)"/>`;
}

function stool(x: number, y: number, seat: string) {
  return `${rect(x - 28, y, 56, 12, seat, 'rx="6"')}
    <line x1="${x - 20}" y1="${y + 12}" x2="${x - 26}" y2="${y + 140}" stroke="#2b2b2b" stroke-width="5"/>
    <line x1="${x + 20}" y1="${y + 12}" x2="${x + 26}" y2="${y + 140}" stroke="#2b2b2b" stroke-width="5"/>
    <line x1="${x - 23}" y1="${y + 90}" x2="${x + 23}" y2="${y + 90}" stroke="#2b2b2b" stroke-width="4"/>`;
}

// ------------------------------------------------------------------ scenes

function kitchen(name: string, p: Palette, options: { island: boolean; upper: 'cabinets' | 'shelves'; tiles: 'subway' | 'slab' }) {
  const rnd = random(name);
  const floorY = 700;
  const benchY = 520;
  let s = room(p, rnd, floorY);
  // Splashback
  if (options.tiles === 'subway') {
    for (let row = 0; row < 8; row += 1)
      for (let col = -1; col < 22; col += 1)
        s += rect(60 + col * 56 + (row % 2) * 28, 300 + row * 28, 54, 26, shade('#f2f0ea', -0.02 - rnd() * 0.03), 'rx="2"');
  } else {
    s += rect(60, 300, 1080, 220, shade(p.bench, -0.03));
    for (let i = 0; i < 6; i += 1)
      s += `<path d="M${60 + rnd() * 1000} 300 q ${40 + rnd() * 80} ${90} ${-20 + rnd() * 120} 220" stroke="${shade(p.bench, -0.12)}" stroke-width="2" fill="none" opacity="0.5"/>`;
  }
  s += window_(470, 120, 260, 170);
  // Upper cabinets or shelves either side of the window
  for (const [x0, w] of [
    [60, 380],
    [760, 380],
  ] as const) {
    if (options.upper === 'cabinets') {
      const doors = Math.round(w / 95);
      const dw = w / doors;
      for (let d = 0; d < doors; d += 1) {
        s += rect(x0 + d * dw + 2, 70, dw - 4, 200, p.cabinet, 'rx="3"');
        s += rect(x0 + d * dw + 12, 80, dw - 24, 180, shade(p.cabinet, 0.04), 'rx="2"');
        s += handle(x0 + d * dw + (d % 2 ? 16 : dw - 16), 235, false, p.metal);
      }
    } else {
      for (const y of [140, 240]) {
        s += rect(x0, y, w, 14, shade(p.floor, 0.05));
        for (let i = 0; i < 7; i += 1) {
          const bx = x0 + 20 + i * (w / 7);
          if (rnd() > 0.5) s += rect(bx, y - 50, 34, 50, ['#e8e2d6', '#c9d2cc', '#d9c2a7'][i % 3], 'rx="8"');
          else s += `<ellipse cx="${bx + 20}" cy="${y - 22}" rx="22" ry="22" fill="${['#f0ede6', '#b8a58a', '#9fb3a3'][i % 3]}"/>`;
        }
      }
    }
  }
  // Range hood over the cooktop
  s += `<path d="M860 280 L1040 280 L1010 200 L890 200 Z" fill="${p.metal}" opacity="0.9"/>`;
  // Base cabinets and bench
  s += rect(40, benchY, 1120, 26, p.bench, 'rx="3"');
  const doors = 10;
  for (let d = 0; d < doors; d += 1) {
    const x = 50 + d * 110;
    if (d === 4) {
      s += rect(x + 2, benchY + 30, 106, floorY - benchY - 44, shade(p.metal, 0.1), 'rx="3"');
      s += rect(x + 12, benchY + 70, 86, floorY - benchY - 120, '#2d2d2d', 'rx="3"');
      continue;
    }
    s += rect(x + 2, benchY + 30, 106, floorY - benchY - 44, p.cabinet, 'rx="3"');
    if (d % 3 === 0) {
      for (const y of [benchY + 34, benchY + 84, benchY + 134]) {
        s += rect(x + 8, y, 94, 44, shade(p.cabinet, 0.04), 'rx="2"');
        s += handle(x + 55, y + 12, true, p.metal);
      }
    } else {
      s += rect(x + 10, benchY + 38, 90, floorY - benchY - 60, shade(p.cabinet, 0.04), 'rx="2"');
      s += handle(x + 55, benchY + 55, true, p.metal);
    }
  }
  s += rect(40, floorY - 14, 1120, 14, shade(p.cabinet, -0.2));
  // Sink and tap under the window
  s += rect(540, benchY - 4, 120, 6, shade(p.metal, -0.2), 'rx="2"');
  s += `<path d="M600 ${benchY - 4} V ${benchY - 70} Q 600 ${benchY - 90} 625 ${benchY - 90} H 640" stroke="${p.metal}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  // Cooktop items
  s += rect(890, benchY - 40, 60, 40, shade(p.accent, -0.1), 'rx="6"') + rect(960, benchY - 26, 70, 26, '#3a3a3a', 'rx="4"');
  s += plant(130, benchY - 40, 0.8);
  s += rect(230, benchY - 70, 18, 70, '#e9e4da', 'rx="4"') + rect(254, benchY - 55, 18, 55, '#cfc6b7', 'rx="4"');
  if (options.island) {
    const iy = 600;
    s += `<ellipse cx="600" cy="${H - 20}" rx="460" ry="26" fill="#000" opacity="0.12"/>`;
    s += rect(180, iy, 840, 30, p.bench, 'rx="4"');
    s += rect(200, iy + 30, 800, H - iy - 50, p.accent, 'rx="3"');
    for (let i = 0; i < 8; i += 1) s += rect(200 + i * 100, iy + 30, 3, H - iy - 50, shade(p.accent, -0.08));
    s += pendant(360, p.metal) + pendant(600, p.metal) + pendant(840, p.metal);
    s += `<g opacity="0.98">${stool(330, iy + 70, shade(p.accent, 0.15))}${stool(600, iy + 70, shade(p.accent, 0.15))}${stool(870, iy + 70, shade(p.accent, 0.15))}</g>`;
    s += `<g transform="translate(480 ${iy - 36})"><ellipse cx="40" cy="30" rx="60" ry="10" fill="${shade(p.bench, -0.15)}"/><circle cx="20" cy="18" r="14" fill="#e5a54b"/><circle cx="46" cy="14" r="15" fill="#c8553d"/><circle cx="66" cy="20" r="12" fill="#8db255"/></g>`;
  } else {
    s += pendant(600, p.metal);
  }
  return s;
}

function wardrobe(name: string, p: Palette, options: { doors: 'open' | 'sliding'; lit: boolean }) {
  const rnd = random(name);
  const floorY = 760;
  let s = room(p, rnd, floorY);
  const top = 70;
  const units = 4;
  const uw = 1040 / units;
  s += rect(70, top - 20, 1060, floorY - top + 10, shade(p.cabinet, -0.12), 'rx="4"');
  for (let u = 0; u < units; u += 1) {
    const x = 80 + u * uw;
    const inner = shade(p.cabinet, 0.1);
    s += rect(x, top, uw - 20, floorY - top - 20, inner, 'rx="2"');
    if (options.lit) s += rect(x, top, uw - 20, 12, '#fff4cf');
    const kind = u % 4 === 1 ? 'shelves' : u % 4 === 3 ? 'drawers' : 'hanging';
    if (kind === 'hanging') {
      s += rect(x + 10, top + 50, uw - 40, 8, p.metal, 'rx="4"');
      let cx = x + 16;
      while (cx < x + uw - 50) {
        const cw = 16 + rnd() * 18;
        const len = 200 + rnd() * 190;
        const colour = ['#e9e1d3', '#394a5e', '#b9856a', '#f5f5f2', '#6f7f6a', '#d8b8a8', '#2f2f35'][Math.floor(rnd() * 7)];
        s += `<path d="M${cx + cw / 2} ${top + 50} l -4 14 h 8 z" fill="${p.metal}"/>`;
        s += rect(cx, top + 64, cw, len, colour, 'rx="6"');
        cx += cw + 3;
      }
      s += rect(x + 10, top + 480, uw - 40, 12, shade(p.cabinet, -0.05));
      for (let i = 0; i < 4; i += 1)
        s += rect(x + 20 + i * ((uw - 60) / 4), top + 452, (uw - 80) / 4, 28, ['#3a2f2a', '#c9c0b3', '#8b5e3c', '#222'][i], 'rx="10"');
    } else if (kind === 'shelves') {
      for (let row = 0; row < 7; row += 1) {
        const y = top + 40 + row * 85;
        s += rect(x + 6, y + 60, uw - 32, 10, shade(p.cabinet, -0.05));
        let fx = x + 14;
        while (fx < x + uw - 70) {
          const fw = 40 + rnd() * 30;
          const folds = 2 + Math.floor(rnd() * 3);
          const colour = ['#e2d8c8', '#7d8fa3', '#c7a17a', '#f2f0ea', '#a3b09a'][Math.floor(rnd() * 5)];
          for (let f = 0; f < folds; f += 1) s += rect(fx, y + 60 - (f + 1) * 14, fw, 13, shade(colour, -f * 0.04), 'rx="3"');
          fx += fw + 8;
        }
      }
    } else {
      for (let row = 0; row < 3; row += 1) {
        const y = top + 20 + row * 70;
        s += rect(x + 6, y + 60, uw - 32, 8, shade(p.cabinet, -0.05));
        for (let k = 0; k < 4; k += 1)
          s += `<path d="M${x + 20 + k * 44} ${y + 60} l 12 -26 h 22 l -6 26 z" fill="${['#3a3a3a', '#b56b4a', '#e8e2d6', '#2c3e50'][k]}"/>`;
      }
      for (let d = 0; d < 4; d += 1) {
        const y = top + 260 + d * 105;
        s += rect(x + 4, y, uw - 28, 98, p.cabinet, 'rx="3"');
        s += handle(x + uw / 2 - 10, y + 20, true, p.metal);
      }
    }
  }
  if (options.doors === 'sliding') {
    // Two sliding panels over the left half, one mirrored.
    s += rect(80, top, uw * 1.05, floorY - top - 20, shade(p.accent, 0), 'opacity="0.96" rx="2"');
    s += rect(90 + uw * 0.95, top, uw * 1.05, floorY - top - 20, '#c9d6de', 'rx="2"');
    s += `<path d="M${110 + uw} ${top + 40} l 120 -40 v 80 l -120 40 z" fill="#fff" opacity="0.35"/>`;
    s += `<path d="M${130 + uw} ${top + 260} l 150 -50 v 30 l -150 50 z" fill="#fff" opacity="0.25"/>`;
    s += rect(70, top - 14, 1060, 10, p.metal);
  }
  s += `<ellipse cx="600" cy="${H - 50}" rx="380" ry="60" fill="${shade(p.floor, 0.08)}" opacity="0.8"/>`;
  s += `<g transform="translate(560 ${H - 150})">${rect(0, 40, 120, 50, '#efe8dc', 'rx="12"')}${rect(8, 90, 8, 40, '#7b5a3c')}${rect(104, 90, 8, 40, '#7b5a3c')}</g>`;
  return s;
}

function entertainment(name: string, p: Palette, options: { fireplace: boolean; desk: boolean }) {
  const rnd = random(name);
  const floorY = 720;
  let s = room(p, rnd, floorY);
  // Feature wall panel
  s += rect(150, 40, 900, floorY - 40, shade(p.accent, 0), 'rx="2"');
  for (let i = 0; i < 18; i += 1) s += rect(150 + i * 50, 40, 2, floorY - 40, shade(p.accent, -0.06));
  // TV
  s += rect(400, 150, 400, 228, '#111417', 'rx="6"');
  s += `<path d="M410 160 L600 160 L470 368 L410 368 Z" fill="#ffffff" opacity="0.05"/>`;
  // Floating cabinet
  s += rect(300, 470, 600, 90, p.cabinet, 'rx="4"');
  for (let i = 0; i < 4; i += 1) s += rect(306 + i * 149, 476, 143, 78, shade(p.cabinet, 0.05), 'rx="2"');
  s += `<ellipse cx="600" cy="575" rx="300" ry="10" fill="#000" opacity="0.15"/>`;
  if (options.fireplace) {
    s += rect(440, 590, 320, 90, '#1d1d1f', 'rx="4"');
    for (let i = 0; i < 5; i += 1)
      s += `<path d="M${470 + i * 60} 668 q 12 -40 26 -8 q 8 -30 20 -4 q 8 12 -6 12 z" fill="${i % 2 ? '#f2a541' : '#e4572e'}"/>`;
  }
  // Side shelving with lit niches
  for (const x0 of [170, 930]) {
    for (let row = 0; row < 5; row += 1) {
      const y = 80 + row * 120;
      s += rect(x0, y, 100, 100, shade(p.accent, -0.18), 'rx="2"');
      s += rect(x0, y, 100, 6, '#ffe9b8', 'opacity="0.8"');
      const kind = Math.floor(rnd() * 3);
      if (kind === 0)
        for (let b = 0; b < 6; b += 1)
          s += rect(
            x0 + 10 + b * 13,
            y + 100 - 60 - rnd() * 20,
            11,
            60 + rnd() * 20,
            ['#7a3e2e', '#2e4a62', '#c8a96a', '#556b4f', '#d9d4cb'][b % 5],
          );
      else if (kind === 1)
        s += `<path d="M${x0 + 35} ${y + 100} q -10 -40 15 -60 q 25 20 15 60 z" fill="${['#d8cbb5', '#8a9a8c', '#b07d5b'][row % 3]}"/>`;
      else s += plant(x0 + 50, y + 60, 0.5);
    }
  }
  if (options.desk) {
    s += rect(930, 440, 220, 16, shade(p.cabinet, -0.05));
    s += rect(960, 396, 70, 44, '#2d2d2d', 'rx="3"');
    s += rect(1040, 412, 60, 28, '#e6dfd3', 'rx="3"');
  }
  // Sofa back and rug in the foreground
  s += `<ellipse cx="600" cy="${H - 60}" rx="520" ry="70" fill="${shade(p.floor, 0.12)}" opacity="0.85"/>`;
  s += rect(120, H - 120, 960, 140, shade(p.bench, -0.05), 'rx="40"');
  s += rect(160, H - 150, 300, 90, shade(p.bench, 0.05), 'rx="30"') + rect(740, H - 150, 300, 90, shade(p.bench, 0.05), 'rx="30"');
  return s;
}

const scenes: Record<string, () => string> = {
  'kitchen-walnut-island': () =>
    kitchen(
      'kitchen-walnut-island',
      { wall: '#efe9df', floor: '#c9a27a', cabinet: '#f6f4ef', accent: '#6b4a2f', bench: '#f1efea', metal: '#2b2b2b' },
      { island: true, upper: 'cabinets', tiles: 'slab' },
    ),
  'kitchen-navy-shaker': () =>
    kitchen(
      'kitchen-navy-shaker',
      { wall: '#f3efe7', floor: '#b98d62', cabinet: '#24364f', accent: '#24364f', bench: '#f4f2ee', metal: '#c9a24a' },
      { island: false, upper: 'cabinets', tiles: 'subway' },
    ),
  'kitchen-white-galley': () =>
    kitchen(
      'kitchen-white-galley',
      { wall: '#f7f6f3', floor: '#d8c3a5', cabinet: '#fbfbf9', accent: '#e7e3dc', bench: '#d9d6d0', metal: '#9a9a9a' },
      { island: false, upper: 'shelves', tiles: 'slab' },
    ),
  'kitchen-sage-butlers': () =>
    kitchen(
      'kitchen-sage-butlers',
      { wall: '#f1ede4', floor: '#a97f57', cabinet: '#8fa38a', accent: '#8fa38a', bench: '#efece5', metal: '#b58b3c' },
      { island: true, upper: 'shelves', tiles: 'subway' },
    ),
  'kitchen-black-timber': () =>
    kitchen(
      'kitchen-black-timber',
      { wall: '#e9e4dc', floor: '#8f6a48', cabinet: '#232323', accent: '#9b6b43', bench: '#e7e5e0', metal: '#111111' },
      { island: true, upper: 'cabinets', tiles: 'slab' },
    ),
  'wardrobe-walk-in': () =>
    wardrobe(
      'wardrobe-walk-in',
      { wall: '#efe8de', floor: '#c4a07c', cabinet: '#e9e3d8', accent: '#d6c6ad', bench: '#ddd', metal: '#2b2b2b' },
      { doors: 'open', lit: true },
    ),
  'wardrobe-sliding-mirror': () =>
    wardrobe(
      'wardrobe-sliding-mirror',
      { wall: '#ecebe7', floor: '#b79a7b', cabinet: '#f3f1ec', accent: '#7b5b40', bench: '#ddd', metal: '#8a8a8a' },
      { doors: 'sliding', lit: false },
    ),
  'wardrobe-his-hers': () =>
    wardrobe(
      'wardrobe-his-hers',
      { wall: '#e8e2da', floor: '#9e7653', cabinet: '#5b4636', accent: '#5b4636', bench: '#ddd', metal: '#c9a24a' },
      { doors: 'open', lit: true },
    ),
  'entertainment-oak-wall': () =>
    entertainment(
      'entertainment-oak-wall',
      { wall: '#efebe4', floor: '#c7a47e', cabinet: '#b88a5a', accent: '#d9c3a2', bench: '#cfc5b6', metal: '#333' },
      { fireplace: false, desk: false },
    ),
  'entertainment-media-charcoal': () =>
    entertainment(
      'entertainment-media-charcoal',
      { wall: '#e6e2dc', floor: '#a9845f', cabinet: '#3a3d42', accent: '#55585e', bench: '#b8aea2', metal: '#333' },
      { fireplace: true, desk: false },
    ),
  'entertainment-study-nook': () =>
    entertainment(
      'entertainment-study-nook',
      { wall: '#f0ece5', floor: '#b58f69', cabinet: '#e9e5dd', accent: '#a7b5a4', bench: '#c9bfb2', metal: '#333' },
      { fireplace: false, desk: true },
    ),
};

const svg = (body: string, width = W, height = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;

function photoFor(name: string): string | null {
  if (!existsSync(photos)) return null;
  const file = readdirSync(photos).find((f) => f.replace(/\.(jpe?g|png|webp|avif)$/i, '') === name && f !== name);
  return file ? join(photos, file) : null;
}

async function main() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let total = 0;
  for (const item of galleryList) {
    const photo = photoFor(item.name);
    const draw = scenes[item.name];
    if (!photo && !draw) throw new Error(`No photo in gallery-photos/ and no illustration for "${item.name}"`);
    const base = photo
      ? await sharp(photo).rotate().resize(W, H, { fit: 'cover' }).png().toBuffer()
      : await sharp(Buffer.from(svg(draw!())))
          .png()
          .toBuffer();
    for (const width of galleryWidths) {
      const height = Math.round((width * 3) / 4);
      const resized = sharp(base).resize(width, height);
      const avif = await resized.clone().avif({ quality: 50, effort: 6 }).toBuffer();
      const webp = await resized.clone().webp({ quality: 74, effort: 6 }).toBuffer();
      writeFileSync(join(out, `${item.name}-${width}.avif`), avif);
      writeFileSync(join(out, `${item.name}-${width}.webp`), webp);
      total += avif.length + webp.length;
    }
    console.log(`${item.name}: ${photo ? `photo ${photo}` : 'illustration'}`);
  }
  console.log(`gallery: ${(total / 1024).toFixed(0)} KB in public/gallery`);

  // The link-preview image (1200x630) and the icons.
  const first = galleryList[0];
  const preview = photoFor(first.name) ?? Buffer.from(svg(scenes[first.name]()));
  await sharp(preview)
    .resize(1200, 630, { fit: 'cover' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(join(web, 'public', 'og-image.jpg'));
  const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="9" fill="#d9a441"/><rect x="7" y="9" width="26" height="4" rx="1.5" fill="#1f2a37"/><rect x="9" y="15" width="10" height="16" rx="1.5" fill="none" stroke="#1f2a37" stroke-width="2.4"/><rect x="21" y="15" width="10" height="16" rx="1.5" fill="none" stroke="#1f2a37" stroke-width="2.4"/><path d="M16.5 22v3M23.5 22v3" stroke="#1f2a37" stroke-width="2.2" stroke-linecap="round"/></svg>`;
  writeFileSync(join(web, 'public', 'favicon.svg'), mark);
  await sharp(Buffer.from(mark), { density: 600 })
    .resize(180, 180)
    .png()
    .toFile(join(web, 'public', 'apple-touch-icon.png'));
  await sharp(Buffer.from(mark), { density: 1200 })
    .resize(512, 512)
    .png()
    .toFile(join(web, 'public', 'icon-512.png'));
}

await main();
