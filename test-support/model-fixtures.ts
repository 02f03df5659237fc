import { Document, NodeIO, type Material, type Mesh, type Node, type Texture } from '@gltf-transform/core';
import { KHRMaterialsVariants } from '@gltf-transform/extensions';
import sharp from 'sharp';

/**
 * Test GLB files for the server's model pipeline (functions/src/services/model-pipeline.ts), its
 * tests and its benchmark (never production code: lint keeps functions/src and web/src from it),
 * built with glTF Transform's Document API: metres, y up, the origin on the floor at the
 * model's centre, fronts facing +z. Everything is drawn from fixed seeds, so each call
 * makes the same bytes.
 */
export interface ModelFixture {
  glb: Uint8Array;
  /** Triangles the scene draws (a mesh used by two nodes counts twice). */
  triangles: number;
  textures: number;
  /** The largest texture's longer side, in pixels (0 without textures). */
  maxTextureSize: number;
  /** KHR_materials_variants names, in the file's order. */
  variants: string[];
  /** Width, height and depth of the scene's bounding box, in metres. */
  dimensions: [number, number, number];
}

type Vec3 = [number, number, number];

/** A small deterministic pseudo-random generator (mulberry32): numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Geometry {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint16Array | Uint32Array;
  triangles: number;
}

/**
 * A box from `min` of `size`, each face a grid of quads about `1 / density` metres across
 * (at least one), with its own normals and UVs in metres (so a texture tiles at 1 m).
 */
function box(min: Vec3, size: Vec3, density: number): Geometry {
  const segments = size.map((s) => Math.max(1, Math.round(s * density))) as Vec3;
  // Each face: [axis along u, axis along v, normal axis, side (0 = min, 1 = max), normal sign]
  const faces: Array<[number, number, number, 0 | 1, 1 | -1]> = [
    [0, 1, 2, 1, 1],
    [0, 1, 2, 0, -1],
    [2, 1, 0, 1, 1],
    [2, 1, 0, 0, -1],
    [0, 2, 1, 1, 1],
    [0, 2, 1, 0, -1],
  ];
  let vertexCount = 0;
  let indexCount = 0;
  for (const [u, v] of faces) {
    vertexCount += (segments[u] + 1) * (segments[v] + 1);
    indexCount += segments[u] * segments[v] * 6;
  }
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const indices = vertexCount > 65535 ? new Uint32Array(indexCount) : new Uint16Array(indexCount);
  let vertex = 0;
  let index = 0;
  for (const [u, v, n, side, sign] of faces) {
    const first = vertex;
    const nu = segments[u];
    const nv = segments[v];
    for (let j = 0; j <= nv; j++) {
      for (let i = 0; i <= nu; i++) {
        const p: Vec3 = [0, 0, 0];
        p[u] = min[u] + (size[u] * i) / nu;
        p[v] = min[v] + (size[v] * j) / nv;
        p[n] = min[n] + size[n] * side;
        positions.set(p, vertex * 3);
        normals[vertex * 3 + n] = sign;
        uvs[vertex * 2] = (size[u] * i) / nu;
        uvs[vertex * 2 + 1] = (size[v] * j) / nv;
        vertex++;
      }
    }
    // Counter-clockwise seen from outside: flip the winding on the faces whose (u, v, n) is left-handed.
    const flip = (sign === 1) !== ((u + 1) % 3 === v);
    for (let j = 0; j < nv; j++) {
      for (let i = 0; i < nu; i++) {
        const a = first + j * (nu + 1) + i;
        const b = a + 1;
        const c = a + nu + 1;
        const d = c + 1;
        const quad = flip ? [a, c, b, b, c, d] : [a, b, c, b, d, c];
        indices.set(quad, index);
        index += 6;
      }
    }
  }
  return { positions, normals, uvs, indices, triangles: indexCount / 3 };
}

/** A cylinder along y from its base centre `base`, `radial` segments around and `rings` along, capped. */
function cylinder(base: Vec3, radius: number, height: number, radial: number, rings: number): Geometry {
  const side = (radial + 1) * (rings + 1);
  const vertexCount = side + 2 * (radial + 1);
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const indexCount = radial * rings * 6 + 2 * radial * 3;
  const indices = vertexCount > 65535 ? new Uint32Array(indexCount) : new Uint16Array(indexCount);
  let vertex = 0;
  for (let j = 0; j <= rings; j++) {
    for (let i = 0; i <= radial; i++) {
      const angle = (i / radial) * Math.PI * 2;
      const [x, z] = [Math.cos(angle), Math.sin(angle)];
      positions.set([base[0] + x * radius, base[1] + (height * j) / rings, base[2] + z * radius], vertex * 3);
      normals.set([x, 0, z], vertex * 3);
      uvs.set([(i / radial) * Math.PI * 2 * radius, (height * j) / rings], vertex * 2);
      vertex++;
    }
  }
  let index = 0;
  for (let j = 0; j < rings; j++) {
    for (let i = 0; i < radial; i++) {
      const a = j * (radial + 1) + i;
      const c = a + radial + 1;
      indices.set([a, c, a + 1, a + 1, c, c + 1], index);
      index += 6;
    }
  }
  for (const top of [0, 1]) {
    const center = vertex;
    positions.set([base[0], base[1] + height * top, base[2]], vertex * 3);
    normals.set([0, top ? 1 : -1, 0], vertex * 3);
    vertex++;
    const ring = vertex;
    for (let i = 0; i < radial; i++) {
      const angle = (i / radial) * Math.PI * 2;
      positions.set([base[0] + Math.cos(angle) * radius, base[1] + height * top, base[2] + Math.sin(angle) * radius], vertex * 3);
      normals.set([0, top ? 1 : -1, 0], vertex * 3);
      uvs.set([Math.cos(angle) * radius, Math.sin(angle) * radius], vertex * 2);
      vertex++;
    }
    for (let i = 0; i < radial; i++) {
      const a = ring + i;
      const b = ring + ((i + 1) % radial);
      indices.set(top ? [center, b, a] : [center, a, b], index);
      index += 3;
    }
  }
  return { positions, normals, uvs, indices: indices.subarray(0, index), triangles: index / 3 };
}

/** Builds documents: one buffer, one scene, meshes from geometry. */
class Builder {
  readonly document = new Document();
  readonly scene;
  private readonly buffer;
  triangles = 0;

  constructor() {
    this.document.getRoot().getAsset().generator = 'renovation-site model fixtures';
    this.buffer = this.document.createBuffer();
    this.scene = this.document.createScene('Scene');
    this.document.getRoot().setDefaultScene(this.scene);
  }

  material(name: string, color: string, roughness: number, metallic = 0): Material {
    const rgb = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255);
    // Base colours are sRGB in the file's hex, linear in glTF.
    const linear = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return this.document
      .createMaterial(name)
      .setBaseColorFactor([linear[0], linear[1], linear[2], 1])
      .setRoughnessFactor(roughness)
      .setMetallicFactor(metallic);
  }

  mesh(name: string, geometry: Geometry, material: Material): Mesh {
    const doc = this.document;
    const accessor = (array: Float32Array | Uint16Array | Uint32Array, type: 'VEC3' | 'VEC2' | 'SCALAR') =>
      doc.createAccessor().setArray(array).setType(type).setBuffer(this.buffer);
    const primitive = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor(geometry.positions, 'VEC3'))
      .setAttribute('NORMAL', accessor(geometry.normals, 'VEC3'))
      .setAttribute('TEXCOORD_0', accessor(geometry.uvs, 'VEC2'))
      .setIndices(accessor(geometry.indices, 'SCALAR'))
      .setMaterial(material);
    return doc.createMesh(name).addPrimitive(primitive);
  }

  /** Places a mesh in the scene; counts the triangles it draws. */
  place(name: string, mesh: Mesh, translation: Vec3 = [0, 0, 0]): Node {
    const node = this.document.createNode(name).setMesh(mesh).setTranslation(translation);
    this.scene.addChild(node);
    for (const primitive of mesh.listPrimitives()) this.triangles += (primitive.getIndices()?.getCount() ?? 0) / 3;
    return node;
  }

  texture(name: string, image: Uint8Array, mimeType: 'image/jpeg' | 'image/png'): Texture {
    return this.document
      .createTexture(name)
      .setImage(image)
      .setMimeType(mimeType)
      .setURI(`${name}.${mimeType === 'image/png' ? 'png' : 'jpg'}`);
  }

  async write(facts: Omit<ModelFixture, 'glb' | 'triangles' | 'textures'>): Promise<ModelFixture> {
    const glb = await new NodeIO().registerExtensions([KHRMaterialsVariants]).writeBinary(this.document);
    return { glb, triangles: this.triangles, textures: this.document.getRoot().listTextures().length, ...facts };
  }
}

interface Pattern {
  /** sRGB colours of the grain's dark and light parts. */
  dark: Vec3;
  light: Vec3;
  /** Grain stripes per 1000 px, and how far they wander. */
  frequency: number;
  wander: number;
  /** Per-pixel noise, 0-255. */
  noise: number;
  seed: number;
}

/** A wood- or stone-like texture: wandering stripes and per-pixel grain, as raw RGB or RGBA pixels. */
function drawPattern(size: number, pattern: Pattern, alpha?: (x: number, y: number) => number): { data: Buffer; channels: 3 | 4 } {
  const channels = alpha ? 4 : 3;
  const next = random(pattern.seed);
  const data = Buffer.alloc(size * size * channels);
  const wander = new Float32Array(size);
  const phase = next() * 100;
  for (let y = 0; y < size; y++) {
    wander[y] = (Math.sin(y / (size / 42) + phase) + 0.3 * Math.sin(y / (size / 170) + phase * 2)) * pattern.wander;
  }
  const frequency = (pattern.frequency / 1000) * Math.PI * 2;
  const { dark, light, noise } = pattern;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const grain = Math.sin((x + wander[y]) * frequency) * 0.5 + 0.5;
      const n = (next() - 0.5) * noise;
      const i = (y * size + x) * channels;
      data[i] = dark[0] + (light[0] - dark[0]) * grain + n;
      data[i + 1] = dark[1] + (light[1] - dark[1]) * grain + n;
      data[i + 2] = dark[2] + (light[2] - dark[2]) * grain + n;
      if (alpha) data[i + 3] = alpha(x, y);
    }
  }
  return { data, channels };
}

async function encodePattern(size: number, pattern: Pattern, format: 'jpeg' | 'png', alpha?: (x: number, y: number) => number) {
  const { data, channels } = drawPattern(size, pattern, alpha);
  const image = sharp(data, { raw: { width: size, height: size, channels } });
  const encoded = format === 'jpeg' ? await image.jpeg({ quality: 92 }).toBuffer() : await image.png({ compressionLevel: 6 }).toBuffer();
  return new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength);
}

const oak: Pattern = { dark: [150, 108, 66], light: [196, 152, 104], frequency: 38, wander: 40, noise: 24, seed: 1 };

/**
 * (a) A small textured model: a 0.6 m base cabinet with an oak base colour texture (JPEG,
 * 1024 px) and a handle plate with a cut-out whose base colour is a PNG with alpha (256 px).
 */
export async function texturedModel(): Promise<ModelFixture> {
  const b = new Builder();
  const oakTexture = b.texture('oak-basecolor', await encodePattern(1024, oak, 'jpeg'), 'image/jpeg');
  const plate = await encodePattern(256, { ...oak, dark: [40, 40, 42], light: [70, 70, 74], seed: 2 }, 'png', (x, y) =>
    (x - 128) ** 2 + (y - 128) ** 2 < 40 ** 2 ? 0 : 255,
  );
  const plateTexture = b.texture('handle-plate', plate, 'image/png');
  const carcass = b.material('Oak veneer', '#ffffff', 0.6).setBaseColorTexture(oakTexture);
  const handle = b.material('Handle plate', '#ffffff', 0.4, 0.8).setBaseColorTexture(plateTexture).setAlphaMode('MASK').setAlphaCutoff(0.5);
  b.place('Cabinet', b.mesh('Cabinet', box([-0.3, 0, -0.29], [0.6, 0.87, 0.58], 10), carcass));
  b.place('Handle plate', b.mesh('Handle plate', box([-0.05, 0.7, 0.29], [0.1, 0.1, 0.004], 10), handle));
  return b.write({ maxTextureSize: 1024, variants: [], dimensions: [0.6, 0.87, 0.584] });
}

/** The finishes of the variants model, in its order, with the sRGB colour each gives the doors. */
export const variantFinishes = [
  { name: 'Oak', color: '#b48a5c' },
  { name: 'Walnut', color: '#5a3b26' },
  { name: 'White', color: '#f2f0eb' },
] as const;

/**
 * (b) A model with KHR_materials_variants: a 1.2 m wall of two doors and a benchtop. The
 * doors' finish switches between Oak, Walnut and White. White, untextured, is the doors' own
 * material; Oak and Walnut (a grain texture, 512 px, tinted by their colour) are used by no
 * primitive except through the variants, so only the variants keep them and the doors' UVs.
 */
export async function variantsModel(): Promise<ModelFixture> {
  const b = new Builder();
  const variantsExtension = b.document.createExtension(KHRMaterialsVariants);
  const grain = b.texture(
    'grain',
    await encodePattern(512, { ...oak, dark: [200, 200, 200], light: [255, 255, 255], seed: 3 }, 'jpeg'),
    'image/jpeg',
  );
  const finishes = variantFinishes.map((finish) => {
    const material = b.material(`${finish.name} doors`, finish.color, 0.5);
    if (finish.name !== 'White') material.setBaseColorTexture(grain);
    return { variant: variantsExtension.createVariant(finish.name), material };
  });
  const benchtop = b.material('Stone benchtop', '#e9e6df', 0.3);
  const white = finishes.find(({ variant }) => variant.getName() === 'White')!.material;
  const doors = b.mesh('Doors', box([-0.6, 0, 0], [1.2, 0.87, 0.02], 20), white);
  const mappings = variantsExtension.createMappingList();
  for (const { variant, material } of finishes)
    mappings.addMapping(variantsExtension.createMapping().setMaterial(material).addVariant(variant));
  doors.listPrimitives()[0].setExtension('KHR_materials_variants', mappings);
  b.place('Doors', doors);
  b.place('Benchtop', b.mesh('Benchtop', box([-0.62, 0.87, -0.58], [1.24, 0.03, 0.62], 20), benchtop));
  return b.write({ maxTextureSize: 512, variants: variantFinishes.map((finish) => finish.name), dimensions: [1.24, 0.9, 0.62] });
}

/** (c) An untextured model: a bathroom vanity of plain materials, one mesh used twice (two basins). */
export async function untexturedModel(): Promise<ModelFixture> {
  const b = new Builder();
  const white = b.material('Gloss white', '#f4f4f2', 0.15);
  const ceramic = b.material('Ceramic', '#fbfbfb', 0.05);
  b.place('Vanity', b.mesh('Vanity', box([-0.6, 0.3, -0.23], [1.2, 0.55, 0.46], 12), white));
  const basin = b.mesh('Basin', cylinder([0, 0.85, 0], 0.18, 0.12, 48, 4), ceramic);
  b.place('Basin left', basin, [-0.3, 0, 0]);
  b.place('Basin right', basin, [0.3, 0, 0]);
  return b.write({ maxTextureSize: 0, variants: [], dimensions: [1.2, 0.67, 0.46] });
}

/** The designer file's size in metres: a 4 m kitchen wall, 2.4 m to the ceiling, 0.6 m deep. */
export const designerDimensions: [number, number, number] = [4, 2.4, 0.6];

/**
 * (d) A designer's export of a 4 m × 2.4 m × 0.6 m kitchen wall: six base cabinets, six wall
 * cabinets, benchtop, splashback, kickboard and twelve bar handles, about 1,000,000 triangles
 * (faces tessellated about every 9 mm), eight 4096 px JPEG textures (oak, stone, tiles and
 * steel: base colour, normal and roughness maps, grain and noise that do not compress to
 * nothing), 60 MB or more. Every cabinet and handle is its own copy of the same geometry
 * with its own copy of the same material, as exporters write them: dedup has work.
 */
export async function designerModel(options: { textureSize?: number; density?: number } = {}): Promise<ModelFixture> {
  const size = options.textureSize ?? 4096;
  const density = options.density ?? 104;
  const b = new Builder();
  const texture = async (name: string, pattern: Pattern) => b.texture(name, await encodePattern(size, pattern, 'jpeg'), 'image/jpeg');
  const normal = (seed: number): Pattern => ({ dark: [118, 118, 236], light: [138, 138, 250], frequency: 38, wander: 40, noise: 14, seed });
  // Occlusion (red) none, roughness (green) varying with the grain, metalness (blue) none.
  const roughness = (seed: number): Pattern => ({ dark: [240, 120, 8], light: [240, 170, 8], frequency: 20, wander: 60, noise: 14, seed });
  const oakColor = await texture('oak-basecolor', oak);
  const oakNormal = await texture('oak-normal', normal(11));
  const oakRoughness = await texture('oak-roughness', roughness(12));
  const stoneColor = await texture('stone-basecolor', {
    dark: [200, 198, 192],
    light: [236, 232, 225],
    frequency: 7,
    wander: 160,
    noise: 22,
    seed: 21,
  });
  const stoneNormal = await texture('stone-normal', normal(22));
  const stoneRoughness = await texture('stone-roughness', roughness(23));
  const tileColor = await texture('tile-basecolor', {
    dark: [70, 104, 98],
    light: [96, 138, 128],
    frequency: 12,
    wander: 8,
    noise: 24,
    seed: 31,
  });
  const steelColor = await texture('steel-basecolor', {
    dark: [150, 152, 155],
    light: [196, 198, 201],
    frequency: 90,
    wander: 3,
    noise: 22,
    seed: 41,
  });

  const oakMaterial = (n: number) =>
    b
      .material(`Oak veneer ${n}`, '#ffffff', 1)
      .setBaseColorTexture(oakColor)
      .setNormalTexture(oakNormal)
      .setMetallicRoughnessTexture(oakRoughness);
  const steelMaterial = (n: number) => b.material(`Brushed steel ${n}`, '#ffffff', 0.35, 1).setBaseColorTexture(steelColor);
  const stone = b
    .material('Quartz benchtop', '#ffffff', 1)
    .setBaseColorTexture(stoneColor)
    .setNormalTexture(stoneNormal)
    .setMetallicRoughnessTexture(stoneRoughness);
  const tiles = b.material('Splashback tiles', '#ffffff', 0.2).setBaseColorTexture(tileColor);
  const kick = b.material('Black kickboard', '#1a1b1d', 0.7);

  const [width, , depth] = designerDimensions;
  // Base cabinets of the widths a kitchen has (a 900 drawer bank, a 450 pull-out); six 667 mm wall cabinets.
  const baseWidths = [0.6, 0.9, 0.6, 0.6, 0.45, 0.85];
  const units = 6;
  const wallWidth = width / units;
  let baseX = -width / 2;
  for (let n = 0; n < units; n++) {
    const baseWidth = baseWidths[n];
    // Each cabinet is its own mesh with its own material, its geometry at the origin, placed by its node.
    const base = b.mesh(`Base cabinet ${n + 1}`, box([0, 0.1, -depth / 2], [baseWidth - 0.004, 0.77, 0.58], density), oakMaterial(n + 1));
    b.place(`Base cabinet ${n + 1}`, base, [baseX + 0.002, 0, 0]);
    const wallX = -width / 2 + n * wallWidth;
    const wall = b.mesh(
      `Wall cabinet ${n + 1}`,
      box([0, 1.5, -depth / 2], [wallWidth - 0.004, 0.9, 0.35], density),
      oakMaterial(units + n + 1),
    );
    b.place(`Wall cabinet ${n + 1}`, wall, [wallX + 0.002, 0, 0]);
    // Bar handles: near the top of each base cabinet's front, near the bottom of each wall cabinet's.
    const handles: Array<[number, Vec3]> = [
      [n + 1, [baseX + baseWidth - 0.06, 0.68, depth / 2 - 0.007]],
      [units + n + 1, [wallX + wallWidth - 0.06, 1.52, -depth / 2 + 0.35 + 0.013]],
    ];
    baseX += baseWidth;
    for (const [number, at] of handles) {
      const handle = b.mesh(`Handle ${number}`, cylinder([0, 0, 0], 0.007, 0.16, 48, 40), steelMaterial(number));
      b.place(`Handle ${number}`, handle, at);
    }
  }
  b.place('Benchtop', b.mesh('Benchtop', box([-width / 2, 0.87, -depth / 2], [width, 0.04, depth], density), stone));
  b.place('Splashback', b.mesh('Splashback', box([-width / 2, 0.91, -depth / 2], [width, 0.59, 0.012], density), tiles));
  b.place('Kickboard', b.mesh('Kickboard', box([-width / 2, 0, -depth / 2 + 0.05], [width, 0.1, 0.5], density), kick));
  return b.write({ maxTextureSize: size, variants: [], dimensions: designerDimensions });
}

/** A damaged upload: the first `fraction` of a GLB, as a transfer cut short leaves it. */
export function truncatedModel(glb: Uint8Array, fraction = 0.6): Uint8Array {
  return glb.slice(0, Math.floor(glb.byteLength * fraction));
}
