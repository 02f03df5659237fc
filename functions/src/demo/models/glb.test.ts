import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GlbBuilder, srgbToLinear } from './glb';
import { sampleModels } from './samples';

interface Accessor {
  bufferView: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: string;
  min?: number[];
  max?: number[];
}
interface BufferView {
  byteOffset: number;
  byteLength: number;
}
interface Gltf {
  asset: { version: string };
  accessors: Accessor[];
  bufferViews: BufferView[];
  buffers: { byteLength: number }[];
  materials: { pbrMetallicRoughness: { baseColorFactor: number[]; metallicFactor?: number; roughnessFactor?: number } }[];
  meshes: { primitives: { attributes: { POSITION: number; NORMAL: number }; indices: number; material: number }[] }[];
}

/** Where an accessor's first element sits in the BIN chunk (views may hold several accessors). */
const start = (gltf: Gltf, accessor: Accessor) => gltf.bufferViews[accessor.bufferView].byteOffset + (accessor.byteOffset ?? 0);

/** Reads a GLB the way a loader does, checking the container as it goes. */
function parseGlb(bytes: Uint8Array): { gltf: Gltf; bin: DataView } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('glTF');
  expect(view.getUint32(4, true)).toBe(2);
  expect(view.getUint32(8, true)).toBe(bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  expect(view.getUint32(16, true)).toBe(0x4e4f534a);
  expect(jsonLength % 4).toBe(0);
  const gltf = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Gltf;
  const binHeader = 20 + jsonLength;
  const binLength = view.getUint32(binHeader, true);
  expect(view.getUint32(binHeader + 4, true)).toBe(0x004e4942);
  expect(binLength % 4).toBe(0);
  expect(binHeader + 8 + binLength).toBe(bytes.byteLength);
  expect(gltf.buffers[0].byteLength).toBe(binLength);
  return { gltf, bin: new DataView(bytes.buffer, bytes.byteOffset + binHeader + 8, binLength) };
}

describe('GlbBuilder', () => {
  it('writes a valid GLB whose accessors fit their views and whose positions match min/max', async () => {
    const glb = new GlbBuilder();
    const wood = glb.material('Wood', { color: '#806040', metallic: 0, roughness: 0.6 });
    const metal = glb.material('Metal', { color: '#cccccc', metallic: 1, roughness: 0.3 });
    glb.box(wood, [-1, 0, -0.5], [2, 0.9, 1]);
    glb.cylinder(metal, [0, 1, 0], 0.01, 0.4, 'x', 8);
    const { gltf, bin } = parseGlb(await glb.toGlb('Test'));

    expect(gltf.asset.version).toBe('2.0');
    expect(gltf.meshes[0].primitives.map((p) => p.material)).toEqual([wood, metal]);
    // glTF's defaults fill what the file leaves out (metallicFactor is 1 unless written).
    const { metallicFactor = 1, roughnessFactor = 1 } = gltf.materials[1].pbrMetallicRoughness;
    expect({ metallicFactor, roughnessFactor }).toEqual({ metallicFactor: 1, roughnessFactor: 0.3 });

    const [box] = gltf.meshes[0].primitives;
    const position = gltf.accessors[box.attributes.POSITION];
    expect(position.count).toBe(24);
    // Float32 values, as the buffer holds them.
    expect(position.min).toEqual([-1, 0, -0.5]);
    expect(position.max).toEqual([1, Math.fround(0.9), 0.5]);
    expect(gltf.accessors[box.indices].count).toBe(36);

    for (const accessor of gltf.accessors) {
      const view = gltf.bufferViews[accessor.bufferView];
      expect(start(gltf, accessor) % 4).toBe(0);
      const size = (accessor.type === 'VEC3' ? 3 : 1) * (accessor.componentType === 5123 ? 2 : 4);
      expect(accessor.byteOffset ?? 0).toBeLessThanOrEqual(view.byteLength - accessor.count * size);
      expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(bin.byteLength);
    }

    // Every normal is a unit vector, every index points at a vertex.
    for (const primitive of gltf.meshes[0].primitives) {
      const normals = gltf.accessors[primitive.attributes.NORMAL];
      for (let i = 0; i < normals.count; i++) {
        const o = start(gltf, normals) + i * 12;
        const length = Math.hypot(bin.getFloat32(o, true), bin.getFloat32(o + 4, true), bin.getFloat32(o + 8, true));
        expect(length).toBeCloseTo(1, 5);
      }
      const indices = gltf.accessors[primitive.indices];
      for (let i = 0; i < indices.count; i++) {
        expect(bin.getUint16(start(gltf, indices) + i * 2, true)).toBeLessThan(normals.count);
      }
    }
  });

  it('faces of a box wind counter-clockwise around their outward normals', async () => {
    const glb = new GlbBuilder();
    glb.box(glb.material('M', { color: '#ffffff', metallic: 0, roughness: 1 }), [0, 0, 0], [1, 2, 3]);
    const { gltf, bin } = parseGlb(await glb.toGlb('Box'));
    const primitive = gltf.meshes[0].primitives[0];
    const read = (accessor: Accessor, i: number) => {
      const o = start(gltf, accessor) + i * 12;
      return [bin.getFloat32(o, true), bin.getFloat32(o + 4, true), bin.getFloat32(o + 8, true)];
    };
    const positions = gltf.accessors[primitive.attributes.POSITION];
    const normals = gltf.accessors[primitive.attributes.NORMAL];
    const indices = gltf.accessors[primitive.indices];
    for (let t = 0; t < 12; t++) {
      const [a, b, c] = [0, 1, 2].map((k) => bin.getUint16(start(gltf, indices) + (t * 3 + k) * 2, true));
      const [pa, pb, pc] = [a, b, c].map((i) => read(positions, i));
      const e1 = pb.map((v, k) => v - pa[k]);
      const e2 = pc.map((v, k) => v - pa[k]);
      const cross = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
      const normal = read(normals, a);
      expect(cross[0] * normal[0] + cross[1] * normal[1] + cross[2] * normal[2]).toBeGreaterThan(0);
    }
  });

  it('stores colours as linear values', () => {
    expect(srgbToLinear('#ffffff')).toEqual([1, 1, 1]);
    expect(srgbToLinear('#000000')).toEqual([0, 0, 0]);
    expect(srgbToLinear('#808080')[0]).toBeCloseTo(0.2159, 3);
  });
});

describe('sample models', () => {
  it.each(sampleModels.map((s) => [s.slug, s] as const))(
    '%s: the committed GLB is what the code builds, under 200 KB',
    async (slug, sample) => {
      const built = await sample.build();
      expect(built.byteLength).toBeLessThan(200 * 1024);
      parseGlb(built);
      const committed = readFileSync(join(import.meta.dirname, `${slug}.glb`));
      expect(Buffer.from(built).equals(committed), 'run: npx tsx functions/scripts/make-sample-models.ts').toBe(true);
      const thumbnail = readFileSync(join(import.meta.dirname, `${slug}.webp`));
      expect(thumbnail.subarray(8, 12).toString('latin1')).toBe('WEBP');
    },
  );
});
