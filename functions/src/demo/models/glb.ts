/**
 * A tiny glTF 2.0 binary (GLB) writer for the demo's sample models: boxes and cylinders with
 * PBR metallic-roughness materials, one primitive per material. Enough for joinery; nothing
 * here ships to the browser.
 */

export type Vec3 = readonly [number, number, number];
export type Axis = 'x' | 'y' | 'z';

export interface MaterialSpec {
  /** sRGB hex colour, e.g. '#e8e4dc'; stored as the linear baseColorFactor glTF expects. */
  color: string;
  metallic: number;
  roughness: number;
}

interface Part {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** sRGB (0-255 hex) to linear, as glTF's baseColorFactor is linear. */
export function srgbToLinear(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return Number((s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4).toFixed(4));
  }) as [number, number, number];
}

const axisIndex: Record<Axis, number> = { x: 0, y: 1, z: 2 };

export class GlbBuilder {
  private readonly materials: { name: string; spec: MaterialSpec }[] = [];
  private readonly parts = new Map<number, Part>();

  /** Declares a material and returns its index for box() and cylinder(). */
  material(name: string, spec: MaterialSpec): number {
    this.materials.push({ name, spec });
    return this.materials.length - 1;
  }

  private part(material: number): Part {
    if (material < 0 || material >= this.materials.length) throw new Error(`Unknown material ${material}`);
    let part = this.parts.get(material);
    if (!part) {
      part = { positions: [], normals: [], indices: [] };
      this.parts.set(material, part);
    }
    return part;
  }

  /** An axis-aligned box from its minimum corner and its size (metres), with a normal per face. */
  box(material: number, min: Vec3, size: Vec3): this {
    const part = this.part(material);
    const [x0, y0, z0] = min;
    const [x1, y1, z1] = [min[0] + size[0], min[1] + size[1], min[2] + size[2]];
    // Each face: normal and its four corners, counter-clockwise seen from outside.
    const faces: [Vec3, Vec3[]][] = [
      [
        [1, 0, 0],
        [
          [x1, y0, z1],
          [x1, y0, z0],
          [x1, y1, z0],
          [x1, y1, z1],
        ],
      ],
      [
        [-1, 0, 0],
        [
          [x0, y0, z0],
          [x0, y0, z1],
          [x0, y1, z1],
          [x0, y1, z0],
        ],
      ],
      [
        [0, 1, 0],
        [
          [x0, y1, z1],
          [x1, y1, z1],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
      ],
      [
        [0, -1, 0],
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ],
      ],
      [
        [0, 0, 1],
        [
          [x0, y0, z1],
          [x1, y0, z1],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
      ],
      [
        [0, 0, -1],
        [
          [x1, y0, z0],
          [x0, y0, z0],
          [x0, y1, z0],
          [x1, y1, z0],
        ],
      ],
    ];
    for (const [normal, corners] of faces) {
      const base = part.positions.length / 3;
      for (const corner of corners) {
        part.positions.push(...corner);
        part.normals.push(...normal);
      }
      part.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    return this;
  }

  /** A closed cylinder along `axis`, centred at `center`, with smooth sides and flat caps. */
  cylinder(material: number, center: Vec3, radius: number, length: number, axis: Axis, segments = 24): this {
    const part = this.part(material);
    const a = axisIndex[axis];
    // The two axes across the cylinder, ordered so that (u, v, a) is right-handed.
    const u = (a + 1) % 3;
    const v = (a + 2) % 3;
    const point = (along: number, cu: number, cv: number): number[] => {
      const p = [center[0], center[1], center[2]];
      p[a] += along;
      p[u] += cu;
      p[v] += cv;
      return p;
    };
    const direction = (cu: number, cv: number, ca: number): number[] => {
      const n = [0, 0, 0];
      n[u] = cu;
      n[v] = cv;
      n[a] = ca;
      return n;
    };
    const half = length / 2;
    // Sides: a ring at each end, sharing smooth normals around.
    const sideBase = part.positions.length / 3;
    for (let i = 0; i <= segments; i++) {
      const t = (i / segments) * Math.PI * 2;
      const cu = Math.cos(t);
      const cv = Math.sin(t);
      for (const along of [-half, half]) {
        part.positions.push(...point(along, cu * radius, cv * radius));
        part.normals.push(...direction(cu, cv, 0));
      }
    }
    for (let i = 0; i < segments; i++) {
      const p = sideBase + i * 2;
      part.indices.push(p, p + 2, p + 1, p + 1, p + 2, p + 3);
    }
    // Caps: a fan around a centre vertex at each end.
    for (const sign of [-1, 1]) {
      const centre = part.positions.length / 3;
      part.positions.push(...point(sign * half, 0, 0));
      part.normals.push(...direction(0, 0, sign));
      for (let i = 0; i < segments; i++) {
        const t = (i / segments) * Math.PI * 2;
        part.positions.push(...point(sign * half, Math.cos(t) * radius, Math.sin(t) * radius));
        part.normals.push(...direction(0, 0, sign));
      }
      for (let i = 0; i < segments; i++) {
        const p = centre + 1 + i;
        const q = centre + 1 + ((i + 1) % segments);
        if (sign > 0) part.indices.push(centre, p, q);
        else part.indices.push(centre, q, p);
      }
    }
    return this;
  }

  /** The GLB bytes: a JSON chunk and a BIN chunk, both 4-byte aligned. */
  toGlb(name: string): Uint8Array {
    const chunks: Uint8Array[] = [];
    let byteLength = 0;
    const bufferViews: object[] = [];
    const accessors: object[] = [];
    const addView = (bytes: Uint8Array, target: number) => {
      const padding = (4 - (byteLength % 4)) % 4;
      if (padding) {
        chunks.push(new Uint8Array(padding));
        byteLength += padding;
      }
      bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.byteLength, target });
      chunks.push(bytes);
      byteLength += bytes.byteLength;
      return bufferViews.length - 1;
    };

    const primitives: object[] = [];
    for (const [material, part] of [...this.parts.entries()].sort(([a], [b]) => a - b)) {
      const count = part.positions.length / 3;
      const positions = new Float32Array(part.positions);
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < positions.length; i++) {
        min[i % 3] = Math.min(min[i % 3], positions[i]);
        max[i % 3] = Math.max(max[i % 3], positions[i]);
      }
      const positionView = addView(new Uint8Array(positions.buffer), 34962);
      accessors.push({ bufferView: positionView, componentType: 5126, count, type: 'VEC3', min, max });
      const position = accessors.length - 1;
      const normalView = addView(new Uint8Array(new Float32Array(part.normals).buffer), 34962);
      accessors.push({ bufferView: normalView, componentType: 5126, count, type: 'VEC3' });
      const normal = accessors.length - 1;
      const wide = count > 65535;
      const indexArray = wide ? new Uint32Array(part.indices) : new Uint16Array(part.indices);
      const indexView = addView(new Uint8Array(indexArray.buffer), 34963);
      accessors.push({ bufferView: indexView, componentType: wide ? 5125 : 5123, count: part.indices.length, type: 'SCALAR' });
      primitives.push({ attributes: { POSITION: position, NORMAL: normal }, indices: accessors.length - 1, material, mode: 4 });
    }
    const tail = (4 - (byteLength % 4)) % 4;
    if (tail) {
      chunks.push(new Uint8Array(tail));
      byteLength += tail;
    }

    const gltf = {
      asset: { version: '2.0', generator: 'renovation-site sample model generator' },
      scene: 0,
      scenes: [{ name, nodes: [0] }],
      nodes: [{ name, mesh: 0 }],
      meshes: [{ name, primitives }],
      materials: this.materials.map(({ name: materialName, spec }) => ({
        name: materialName,
        pbrMetallicRoughness: {
          baseColorFactor: [...srgbToLinear(spec.color), 1],
          metallicFactor: spec.metallic,
          roughnessFactor: spec.roughness,
        },
      })),
      accessors,
      bufferViews,
      buffers: [{ byteLength }],
    };

    let json = new TextEncoder().encode(JSON.stringify(gltf));
    const jsonPadding = (4 - (json.byteLength % 4)) % 4;
    if (jsonPadding) {
      const padded = new Uint8Array(json.byteLength + jsonPadding).fill(0x20);
      padded.set(json);
      json = padded;
    }
    const total = 12 + 8 + json.byteLength + 8 + byteLength;
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    view.setUint32(0, 0x46546c67, true); // 'glTF'
    view.setUint32(4, 2, true);
    view.setUint32(8, total, true);
    view.setUint32(12, json.byteLength, true);
    view.setUint32(16, 0x4e4f534a, true); // 'JSON'
    out.set(json, 20);
    let offset = 20 + json.byteLength;
    view.setUint32(offset, byteLength, true);
    view.setUint32(offset + 4, 0x004e4942, true); // 'BIN\0'
    offset += 8;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}
