import { GlbBuilder, type Vec3 } from './glb';

/**
 * The demo showroom's sample models, composed from boxes and cylinders (metres, y up, origin
 * on the floor, fronts facing +z). `functions/scripts/make-sample-models.ts` writes them as
 * GLB files beside this module and renders their thumbnails; the demo seed uploads them.
 */
export interface SampleModel {
  /** File name stem: <slug>.glb and <slug>.webp */
  slug: string;
  name: string;
  description: string;
  exposure: number;
  shadowIntensity: number;
  build: () => Promise<Uint8Array>;
}

const gap = 0.004;

/** A row of handle bars on two stand-offs, centred at `center`, along x or y. */
function barHandle(glb: GlbBuilder, material: number, center: Vec3, length: number, along: 'x' | 'y') {
  const [cx, cy, cz] = center;
  const standOff = 0.028;
  const barZ = cz + standOff;
  glb.cylinder(material, [cx, cy, barZ], 0.0065, length, along, 16);
  for (const sign of [-1, 1]) {
    const end: Vec3 =
      along === 'x' ? [cx + sign * (length / 2 - 0.02), cy, cz + standOff / 2] : [cx, cy + sign * (length / 2 - 0.02), cz + standOff / 2];
    glb.cylinder(material, end, 0.005, standOff, 'z', 12);
  }
}

function kitchenIsland(): Promise<Uint8Array> {
  const glb = new GlbBuilder();
  const stone = glb.material('Calacatta quartz benchtop', { color: '#ece8e1', metallic: 0, roughness: 0.28 });
  const twoPac = glb.material('Navy satin 2-pac', { color: '#2c3a48', metallic: 0, roughness: 0.42 });
  const kick = glb.material('Black kickboard', { color: '#1a1b1d', metallic: 0, roughness: 0.7 });
  const brushed = glb.material('Brushed stainless handles', { color: '#c8cacc', metallic: 1, roughness: 0.32 });
  const glass = glb.material('Black glass cooktop', { color: '#0c0d0f', metallic: 0, roughness: 0.06 });
  const burner = glb.material('Cooktop markings', { color: '#5a5d61', metallic: 0, roughness: 0.4 });
  const oak = glb.material('Natural oak stool seats', { color: '#b48a5c', metallic: 0, roughness: 0.55 });
  const steel = glb.material('Matte black steel', { color: '#1e1f21', metallic: 0.85, roughness: 0.38 });

  const top = 0.92;
  const slab = 0.04;
  // Stone benchtop with waterfall ends; the back overhangs 0.45 m for seating.
  glb.box(stone, [-1.3, top - slab, -0.55], [2.6, slab, 1.1]);
  glb.box(stone, [-1.3, 0, -0.55], [slab, top - slab, 1.1]);
  glb.box(stone, [1.3 - slab, 0, -0.55], [slab, top - slab, 1.1]);

  // Carcass faced in 2-pac on the seating side, recessed kickboard on the working side.
  const left = -1.3 + slab;
  const width = 2.6 - 2 * slab;
  const front = 0.53;
  glb.box(twoPac, [left, 0.1, -0.1], [width, top - slab - 0.1, 0.02]);
  glb.box(kick, [left, 0, -0.08], [width, 0.1, front - 0.08 - 0.05]);
  glb.box(kick, [left, 0.1, -0.08], [width, top - slab - 0.1, front - 0.08]);

  // Drawer fronts: three per side column, two deep pot drawers in the middle.
  const columns = 3;
  const columnWidth = (width - (columns + 1) * gap) / columns;
  const bottom = 0.1 + gap;
  const usable = top - slab - gap - bottom;
  const layouts = [
    [0.2, 0.3, 0.5],
    [0.45, 0.55],
    [0.2, 0.3, 0.5],
  ];
  layouts.forEach((shares, column) => {
    const x = left + gap + column * (columnWidth + gap);
    let yTop = top - slab - gap;
    for (const share of shares) {
      const height = usable * share - gap;
      const y = yTop - height;
      glb.box(twoPac, [x, y, front], [columnWidth, height, 0.02]);
      barHandle(glb, brushed, [x + columnWidth / 2, yTop - 0.05, front + 0.02], Math.min(0.42, columnWidth * 0.55), 'x');
      yTop = y - gap;
    }
  });

  // Induction cooktop with four zones.
  glb.box(glass, [0.25, top, 0.0], [0.78, 0.006, 0.5]);
  for (const [dx, dz, r] of [
    [0.42, 0.14, 0.09],
    [0.42, 0.36, 0.07],
    [0.86, 0.14, 0.07],
    [0.86, 0.36, 0.09],
  ] as const) {
    glb.cylinder(burner, [dx, top + 0.0065, dz], r, 0.001, 'y', 32);
    glb.cylinder(glass, [dx, top + 0.007, dz], r - 0.006, 0.001, 'y', 32);
  }

  // Three stools under the overhang.
  for (const x of [-0.75, 0, 0.75]) {
    const z = -0.62;
    glb.cylinder(steel, [x, 0.01, z], 0.2, 0.02, 'y', 32);
    glb.cylinder(steel, [x, 0.34, z], 0.022, 0.64, 'y', 16);
    glb.cylinder(steel, [x, 0.3, z], 0.16, 0.012, 'y', 32);
    glb.cylinder(oak, [x, 0.665, z], 0.19, 0.05, 'y', 32);
  }
  return glb.toGlb('Kitchen island');
}

function bathroomVanity(): Promise<Uint8Array> {
  const glb = new GlbBuilder();
  const tile = glb.material('Warm white wall tiles', { color: '#e3ddd3', metallic: 0, roughness: 0.55 });
  const grout = glb.material('Grout', { color: '#b9b2a7', metallic: 0, roughness: 0.9 });
  const oak = glb.material('Oak veneer', { color: '#a8835f', metallic: 0, roughness: 0.5 });
  const stone = glb.material('Honed white stone', { color: '#f2f0eb', metallic: 0, roughness: 0.3 });
  const ceramic = glb.material('Gloss ceramic basin', { color: '#fafaf8', metallic: 0, roughness: 0.08 });
  const bowl = glb.material('Basin bowl', { color: '#dfe3e5', metallic: 0, roughness: 0.12 });
  const chrome = glb.material('Polished chrome tapware', { color: '#dcdfe1', metallic: 1, roughness: 0.08 });
  const black = glb.material('Matte black frame and pulls', { color: '#1c1c1e', metallic: 0.6, roughness: 0.4 });
  const mirror = glb.material('Mirror', { color: '#eef3f5', metallic: 1, roughness: 0.02 });

  // Tiled wall: 300 x 600 tiles laid vertically, grout lines standing a hair proud.
  const wallWidth = 1.8;
  const wallHeight = 2.4;
  glb.box(tile, [-wallWidth / 2, 0, -0.03], [wallWidth, wallHeight, 0.03]);
  for (let x = -0.6; x <= 0.6 + 1e-9; x += 0.3) glb.box(grout, [x - 0.0015, 0, 0], [0.003, wallHeight, 0.0008]);
  for (let y = 0.6; y < wallHeight; y += 0.6) glb.box(grout, [-wallWidth / 2, y - 0.0015, 0], [wallWidth, 0.003, 0.0008]);

  // Wall-hung oak vanity with two drawers and a stone top.
  const width = 1.2;
  const depth = 0.46;
  const base = 0.42;
  const height = 0.5;
  glb.box(oak, [-width / 2, base, 0.001], [width, height, depth - 0.02]);
  const drawerTop = base + height - gap;
  const upper = 0.2;
  glb.box(oak, [-width / 2 + gap, drawerTop - upper, depth - 0.019], [width - 2 * gap, upper, 0.019]);
  glb.box(oak, [-width / 2 + gap, base + gap, depth - 0.019], [width - 2 * gap, drawerTop - upper - gap - base - gap, 0.019]);
  for (const y of [drawerTop - 0.03, drawerTop - upper - gap - 0.03]) glb.box(black, [-0.2, y, depth], [0.4, 0.012, 0.018]);
  glb.box(stone, [-width / 2 - 0.005, base + height, 0.001], [width + 0.01, 0.025, depth + 0.01]);

  // Vessel basin and a wall mixer.
  const benchTop = base + height + 0.025;
  glb.cylinder(ceramic, [0, benchTop + 0.065, 0.24], 0.2, 0.13, 'y', 48);
  glb.cylinder(bowl, [0, benchTop + 0.1305, 0.24], 0.175, 0.001, 'y', 48);
  const tapY = benchTop + 0.27;
  glb.cylinder(chrome, [0, tapY, 0.006], 0.035, 0.012, 'z', 32);
  glb.cylinder(chrome, [0, tapY, 0.11], 0.012, 0.2, 'z', 20);
  glb.cylinder(chrome, [0, tapY - 0.015, 0.2], 0.009, 0.03, 'y', 16);
  glb.cylinder(chrome, [0.09, tapY, 0.006], 0.03, 0.012, 'z', 32);
  glb.cylinder(chrome, [0.09, tapY, 0.035], 0.008, 0.05, 'z', 16);

  // Framed mirror.
  const mirrorWidth = 0.8;
  const mirrorBottom = benchTop + 0.45;
  const mirrorHeight = 0.75;
  const frame = 0.018;
  glb.box(mirror, [-mirrorWidth / 2, mirrorBottom, 0.001], [mirrorWidth, mirrorHeight, 0.012]);
  glb.box(black, [-mirrorWidth / 2 - frame, mirrorBottom - frame, 0.001], [mirrorWidth + 2 * frame, frame, 0.022]);
  glb.box(black, [-mirrorWidth / 2 - frame, mirrorBottom + mirrorHeight, 0.001], [mirrorWidth + 2 * frame, frame, 0.022]);
  glb.box(black, [-mirrorWidth / 2 - frame, mirrorBottom, 0.001], [frame, mirrorHeight, 0.022]);
  glb.box(black, [mirrorWidth / 2, mirrorBottom, 0.001], [frame, mirrorHeight, 0.022]);
  return glb.toGlb('Bathroom vanity');
}

function wardrobe(): Promise<Uint8Array> {
  const glb = new GlbBuilder();
  const carcass = glb.material('White melamine carcass', { color: '#f1efea', metallic: 0, roughness: 0.6 });
  const walnut = glb.material('Walnut veneer doors', { color: '#7a5a3e', metallic: 0, roughness: 0.48 });
  const kick = glb.material('Charcoal kickboard', { color: '#2a2b2d', metallic: 0, roughness: 0.7 });
  const brass = glb.material('Brushed brass', { color: '#c9a86a', metallic: 1, roughness: 0.3 });
  const fabrics = [
    glb.material('Shirt, white', { color: '#f4f4f2', metallic: 0, roughness: 0.9 }),
    glb.material('Shirt, blue', { color: '#6f8fb3', metallic: 0, roughness: 0.9 }),
    glb.material('Jacket, charcoal', { color: '#3b3e44', metallic: 0, roughness: 0.85 }),
    glb.material('Dress, terracotta', { color: '#b5654a', metallic: 0, roughness: 0.9 }),
    glb.material('Knit, oatmeal', { color: '#d8ccb4', metallic: 0, roughness: 0.95 }),
  ];

  const width = 1.8;
  const height = 2.4;
  const depth = 0.6;
  const board = 0.018;
  const plinth = 0.1;
  const x0 = -width / 2;
  // Carcass: sides, top, floor, back, a middle divider.
  glb.box(carcass, [x0, 0, 0], [board, height, depth]);
  glb.box(carcass, [-x0 - board, 0, 0], [board, height, depth]);
  glb.box(carcass, [x0 + board, height - board, 0], [width - 2 * board, board, depth]);
  glb.box(carcass, [x0 + board, plinth, 0], [width - 2 * board, board, depth]);
  glb.box(carcass, [x0 + board, plinth, 0], [width - 2 * board, height - plinth - board, 0.006]);
  glb.box(kick, [x0 + board, 0, 0.03], [width - 2 * board, plinth, depth - 0.06]);
  glb.box(carcass, [-board / 2, plinth, 0], [board, height - plinth - board, depth]);

  // Left: a pair of walnut doors with long brass pulls.
  const doorTop = height - gap;
  const doorBottom = plinth + gap;
  const doorWidth = (width / 2 - 3 * gap) / 2;
  for (const i of [0, 1]) {
    const x = x0 + gap + i * (doorWidth + gap);
    glb.box(walnut, [x, doorBottom, depth], [doorWidth, doorTop - doorBottom, board]);
    const pullX = i === 0 ? x + doorWidth - 0.05 : x + 0.05;
    barHandle(glb, brass, [pullX, 1.1, depth + board], 0.6, 'y');
  }

  // Right: open, with drawers, a shelf, a hanging rail with clothes, and a top shelf.
  const inner = board / 2;
  const innerWidth = -x0 - board - inner;
  const drawerZone = 0.72;
  const drawers = 3;
  const drawerHeight = (drawerZone - plinth - board - (drawers + 1) * gap) / drawers;
  for (let i = 0; i < drawers; i++) {
    const y = plinth + board + gap + i * (drawerHeight + gap);
    glb.box(walnut, [inner + gap, y, depth - board], [innerWidth - 2 * gap, drawerHeight, board]);
    barHandle(glb, brass, [inner + innerWidth / 2, y + drawerHeight / 2, depth], 0.3, 'x');
  }
  glb.box(carcass, [inner, drawerZone, 0], [innerWidth, board, depth - board]);
  const shelfY = 2.0;
  glb.box(carcass, [inner, shelfY, 0], [innerWidth, board, depth - board]);
  const railY = shelfY - 0.06;
  glb.cylinder(brass, [inner + innerWidth / 2, railY, depth / 2], 0.0125, innerWidth, 'x', 20);

  // Clothes on the rail: hangers' worth of thin slabs of differing lengths.
  const garments = [
    [0, 0.85],
    [1, 0.8],
    [2, 0.95],
    [2, 0.95],
    [3, 1.05],
    [0, 0.82],
    [4, 0.7],
    [1, 0.78],
  ] as const;
  const pitch = (innerWidth - 0.12) / garments.length;
  garments.forEach(([fabric, length], i) => {
    const x = inner + 0.06 + i * pitch + pitch / 2;
    glb.box(fabrics[fabric], [x - 0.02, railY - 0.03 - length, depth / 2 - 0.21], [0.04, length, 0.42]);
    glb.cylinder(brass, [x, railY + 0.012, depth / 2], 0.004, 0.03, 'y', 8);
  });

  // Folded knits on the top shelf.
  for (const [i, fabric] of [4, 2, 0].entries()) {
    for (let layer = 0; layer < 3; layer++) {
      glb.box(
        fabrics[(fabric + layer) % fabrics.length],
        [inner + 0.05 + i * 0.27, shelfY + board + layer * 0.06, 0.12],
        [0.24, 0.055, 0.34],
      );
    }
  }
  return glb.toGlb('Wardrobe');
}

export const sampleModels: readonly SampleModel[] = [
  {
    slug: 'kitchen-island',
    name: 'Demo Kitchen Island',
    description:
      'Demo model: a 2.6 m island with a waterfall quartz benchtop, navy 2-pac drawers with brushed stainless handles, an induction cooktop and seating for three.',
    exposure: 0.9,
    shadowIntensity: 0.6,
    build: kitchenIsland,
  },
  {
    slug: 'bathroom-vanity',
    name: 'Demo Bathroom Vanity',
    description:
      'Demo model: a 1.2 m wall-hung oak vanity with a honed stone top, vessel basin, wall mixer and a black-framed mirror against vertical wall tiles.',
    exposure: 0.8,
    shadowIntensity: 0.5,
    build: bathroomVanity,
  },
  {
    slug: 'wardrobe',
    name: 'Demo Built-in Wardrobe',
    description:
      'Demo model: a 1.8 m built-in wardrobe with walnut doors and brass pulls on one side, and open hanging, shelving and drawers on the other.',
    exposure: 0.8,
    shadowIntensity: 0.5,
    build: wardrobe,
  },
];
