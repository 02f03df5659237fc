/**
 * A tiny glTF 2.0 binary (GLB) writer for the demo's sample models: boxes and cylinders with
 * PBR metallic-roughness materials, one primitive per material. Enough for joinery; nothing
 * here ships to the browser. The geometry is built here; glTF Transform writes the file.
 */
import { Document, NodeIO, VertexLayout } from '@gltf-transform/core';

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

  /**
   * The GLB bytes, written by glTF Transform: one mesh of one primitive per material, each
   * attribute and the indices in their own buffer view, every view 4-byte aligned.
   */
  async toGlb(name: string): Promise<Uint8Array> {
    const document = new Document();
    document.getRoot().getAsset().generator = 'renovation-site sample model generator';
    const buffer = document.createBuffer();
    const materials = this.materials.map(({ name: materialName, spec }) =>
      document
        .createMaterial(materialName)
        .setBaseColorFactor([...srgbToLinear(spec.color), 1])
        .setMetallicFactor(spec.metallic)
        .setRoughnessFactor(spec.roughness),
    );
    const mesh = document.createMesh(name);
    for (const [material, part] of [...this.parts.entries()].sort(([a], [b]) => a - b)) {
      const count = part.positions.length / 3;
      const position = document.createAccessor().setType('VEC3').setArray(new Float32Array(part.positions)).setBuffer(buffer);
      const normal = document.createAccessor().setType('VEC3').setArray(new Float32Array(part.normals)).setBuffer(buffer);
      const indices = document
        .createAccessor()
        .setType('SCALAR')
        .setArray(count > 65535 ? new Uint32Array(part.indices) : new Uint16Array(part.indices))
        .setBuffer(buffer);
      mesh.addPrimitive(
        document
          .createPrimitive()
          .setAttribute('POSITION', position)
          .setAttribute('NORMAL', normal)
          .setIndices(indices)
          .setMaterial(materials[material]),
      );
    }
    const node = document.createNode(name).setMesh(mesh);
    document.getRoot().setDefaultScene(document.createScene(name).addChild(node));
    return new NodeIO().setVertexLayout(VertexLayout.SEPARATE).writeBinary(document);
  }
}
