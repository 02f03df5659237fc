/**
 * The showroom's GLB pipeline (src/services/model-pipeline.ts) on generated models
 * (@site/test-support/model-fixtures): what each of its two files holds, read back as a viewer
 * would, against the model it was made from.
 */
import { NodeIO, type Document, type Material } from '@gltf-transform/core';
import { ALL_EXTENSIONS, type KHRMaterialsVariants, type MappingList } from '@gltf-transform/extensions';
import { getBounds } from '@gltf-transform/functions';
import { limits } from '@site/domain';
import {
  designerModel,
  texturedModel,
  truncatedModel,
  untexturedModel,
  variantFinishes,
  variantsModel,
  type ModelFixture,
} from '@site/test-support/model-fixtures';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModelOptimizationError, optimizeModel, optimizeModelInWorker, type OptimizedModel } from '../src/services/model-pipeline';

/** The glTF JSON of a GLB, read straight from its first chunk. */
function gltfJson(glb: Uint8Array): { extensionsUsed?: string[]; extensionsRequired?: string[]; images?: Array<{ mimeType?: string }> } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

async function read(glb: Uint8Array): Promise<Document> {
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
}

/** Width, height and depth of the default scene, node transforms (quantization's among them) applied. */
function dimensions(document: Document): number[] {
  const { min, max } = getBounds(document.getRoot().getDefaultScene()!);
  return [0, 1, 2].map((axis) => max[axis] - min[axis]);
}

async function imageSizes(document: Document) {
  return Promise.all(
    document
      .getRoot()
      .listTextures()
      .map(async (texture) => {
        const { width = 0, height = 0, format, hasAlpha } = await sharp(texture.getImage()!).metadata();
        return { mimeType: texture.getMimeType(), width, height, format, hasAlpha };
      }),
  );
}

/** What every optimisation must give, whatever the model. */
async function expectSound(fixture: ModelFixture, made: OptimizedModel) {
  const optimizedJson = gltfJson(made.optimized);
  const arJson = gltfJson(made.ar);
  expect(optimizedJson.extensionsRequired).toContain('EXT_meshopt_compression');
  expect(optimizedJson.extensionsUsed).toContain('KHR_mesh_quantization');
  // Scene Viewer reads neither meshopt, WebP, AVIF nor KTX2, and the AR file needs no decoder of any kind.
  for (const extension of [
    'EXT_meshopt_compression',
    'EXT_texture_webp',
    'EXT_texture_avif',
    'KHR_texture_basisu',
    'KHR_draco_mesh_compression',
  ]) {
    expect(arJson.extensionsUsed ?? []).not.toContain(extension);
  }
  expect(arJson.extensionsUsed ?? []).not.toContain('KHR_mesh_quantization');

  const [original, optimized, ar] = await Promise.all([read(fixture.glb), read(made.optimized), read(made.ar)]);
  for (const document of [optimized, ar]) {
    // The same size in metres: quantization moves the geometry into a node's scale, nothing more.
    dimensions(document).forEach((size, axis) => expect(size).toBeCloseTo(dimensions(original)[axis], 3));
    expect(dimensions(document)).toEqual(fixture.dimensions.map((size) => expect.closeTo(size, 3)));
  }

  for (const image of await imageSizes(optimized)) {
    expect(image).toMatchObject({ mimeType: 'image/webp', format: 'webp' });
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(limits.modelTextureMaxSize);
  }
  for (const image of await imageSizes(ar)) {
    expect(['image/jpeg', 'image/png']).toContain(image.mimeType);
    expect(image.format).toBe(image.mimeType === 'image/png' ? 'png' : 'jpeg');
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(limits.modelTextureMaxSize);
  }

  expect(made.stats).toEqual({
    originalBytes: fixture.glb.byteLength,
    optimizedBytes: made.optimized.byteLength,
    triangles: fixture.triangles,
    textures: fixture.textures,
    maxTextureSize: Math.min(fixture.maxTextureSize, limits.modelTextureMaxSize),
  });
  expect(made.variants).toEqual(fixture.variants);
  expect(made.optimized.byteLength).toBeLessThan(fixture.glb.byteLength);
  return { original, optimized, ar };
}

describe('optimizeModel', () => {
  let textured: ModelFixture;
  let variants: ModelFixture;
  let untextured: ModelFixture;
  beforeAll(async () => {
    [textured, variants, untextured] = await Promise.all([texturedModel(), variantsModel(), untexturedModel()]);
  });

  it('makes a textured model WebP and meshopt for the viewer, JPEG and PNG (where a material uses the alpha) for AR', async () => {
    const made = await optimizeModel(textured.glb);
    const { optimized, ar } = await expectSound(textured, made);
    expect(gltfJson(made.optimized).extensionsRequired).toContain('EXT_texture_webp');
    expect((await imageSizes(optimized)).map((image) => image.width)).toEqual([1024, 256]);
    // The oak veneer is opaque; the handle plate's cut-out is its alpha (MASK).
    expect(await imageSizes(ar)).toEqual([
      expect.objectContaining({ mimeType: 'image/jpeg', width: 1024, hasAlpha: false }),
      expect.objectContaining({ mimeType: 'image/png', width: 256, hasAlpha: true }),
    ]);
    expect((await imageSizes(optimized))[1].hasAlpha).toBe(true);
  });

  it('makes an untextured model without any texture extension', async () => {
    const made = await optimizeModel(untextured.glb);
    await expectSound(untextured, made);
    expect(gltfJson(made.optimized).extensionsUsed).not.toContain('EXT_texture_webp');
    expect(made.stats).toMatchObject({ textures: 0, maxTextureSize: 0 });
    // The two basins still draw the one mesh twice.
    expect(made.stats.triangles).toBe(untextured.triangles);
  });

  it('keeps KHR_materials_variants: every finish, its own material and the UVs its texture needs, in both files', async () => {
    const made = await optimizeModel(variants.glb);
    const { optimized, ar } = await expectSound(variants, made);
    expect(made.variants).toEqual(['Oak', 'Walnut', 'White']);
    const linear = (hex: string) =>
      [1, 3, 5]
        .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));

    for (const document of [optimized, ar]) {
      const extension = document
        .getRoot()
        .listExtensionsUsed()
        .find((used) => used.extensionName === 'KHR_materials_variants') as KHRMaterialsVariants;
      expect(extension.listVariants().map((variant) => variant.getName())).toEqual(['Oak', 'Walnut', 'White']);
      const doors = document
        .getRoot()
        .listMeshes()
        .flatMap((mesh) => mesh.listPrimitives())
        .find((primitive) => primitive.getExtension('KHR_materials_variants'))!;
      const mappings = doors.getExtension<MappingList>('KHR_materials_variants')!.listMappings();
      const materialOf = (name: string): Material =>
        mappings.find((mapping) => mapping.listVariants().some((variant) => variant.getName() === name))!.getMaterial()!;

      const materials = variantFinishes.map((finish) => materialOf(finish.name));
      expect(new Set(materials).size).toBe(3);
      variantFinishes.forEach((finish, i) => {
        expect(materials[i].getBaseColorFactor().slice(0, 3)).toEqual(linear(finish.color).map((c) => expect.closeTo(c, 5)));
      });
      // Oak and Walnut are textured, used only through the variants: their texture and the doors' UVs stay.
      expect(materialOf('Oak').getBaseColorTexture()).not.toBeNull();
      expect(materialOf('Walnut').getBaseColorTexture()).toBe(materialOf('Oak').getBaseColorTexture());
      expect(materialOf('White').getBaseColorTexture()).toBeNull();
      expect(doors.getMaterial()).toBe(materialOf('White'));
      expect(doors.getAttribute('TEXCOORD_0')).not.toBeNull();
    }
  });

  it('resizes textures over 2048 px, merges duplicated meshes and materials, and counts the triangles drawn', async () => {
    // The designer file's kind at a size a test can make quickly: 2500 px textures, coarser faces.
    const designer = await designerModel({ textureSize: 2500, density: 16 });
    const made = await optimizeModel(designer.glb);
    const { original, optimized, ar } = await expectSound(designer, made);
    expect(made.stats.maxTextureSize).toBe(2048);
    for (const document of [optimized, ar]) {
      for (const image of await imageSizes(document)) expect([image.width, image.height]).toEqual([2048, 2048]);
      // Six base cabinets of four widths, six identical wall cabinets, twelve identical handles, three more parts.
      expect(original.getRoot().listMeshes()).toHaveLength(27);
      expect(document.getRoot().listMeshes()).toHaveLength(4 + 1 + 1 + 3);
      expect(original.getRoot().listMaterials()).toHaveLength(27);
      expect(document.getRoot().listMaterials()).toHaveLength(5);
      expect(document.getRoot().listTextures()).toHaveLength(8);
    }
  });

  it('refuses a damaged file with a reason the admin can read', async () => {
    const cases: Array<[Uint8Array, RegExp]> = [
      [
        truncatedModel(textured.glb),
        /^The file is incomplete: it has 0\.3 MB of the 0\.5 MB its header announces\. Please upload it again\.$/,
      ],
      [new TextEncoder().encode('PK\u0003\u0004 a zip file, not a model at all'), /^The file is not a GLB \(binary glTF\) model\.$/],
      [new TextEncoder().encode('{"asset":{"version":"2.0"}}'), /^The file is a \.gltf text file, not a GLB\./],
      [new Uint8Array(0), /^The file is not a GLB/],
    ];
    // glTF 1.0's binary header.
    const version1 = textured.glb.slice();
    new DataView(version1.buffer).setUint32(4, 1, true);
    cases.push([version1, /^The file is glTF version 1; only glTF 2\.0 can be shown\./]);
    // The right length, but its JSON overwritten: damaged inside.
    const scrambled = textured.glb.slice();
    scrambled.fill(0x21, 20, 60);
    cases.push([scrambled, /^The file is not a readable GLB: .+\.$/]);

    for (const [glb, message] of cases) {
      const error = await optimizeModel(glb).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelOptimizationError);
      expect((error as Error).name).toBe('ModelOptimizationError');
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message.length).toBeLessThan(300);
    }
  });
});

describe('optimizeModelInWorker', () => {
  it('makes the same files as optimizeModel, leaving the caller its bytes', async () => {
    const variants = await variantsModel();
    const input = Buffer.from(variants.glb);
    const [inWorker, inProcess] = await Promise.all([optimizeModelInWorker(input), optimizeModel(variants.glb)]);
    expect(input.byteLength).toBe(variants.glb.byteLength);
    expect(Buffer.from(inWorker.optimized).equals(Buffer.from(inProcess.optimized))).toBe(true);
    expect(Buffer.from(inWorker.ar).equals(Buffer.from(inProcess.ar))).toBe(true);
    expect(inWorker.stats).toEqual(inProcess.stats);
    expect(inWorker.variants).toEqual(['Oak', 'Walnut', 'White']);
    expect(inWorker.optimized).toBeInstanceOf(Uint8Array);
  });

  it('rejects with the same ModelOptimizationError, known by name as the server checks it', async () => {
    const damaged = truncatedModel((await untexturedModel()).glb);
    const error = await optimizeModelInWorker(damaged).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelOptimizationError);
    expect(error).toMatchObject({ name: 'ModelOptimizationError', message: expect.stringMatching(/^The file is incomplete: /) });
  });
});
