import { Logger, NodeIO, Primitive, TextureChannel, type Document, type Node, type Texture } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTTextureWebP, type KHRMaterialsVariants } from '@gltf-transform/extensions';
import {
  compressTexture,
  dedup,
  dequantize,
  getGLPrimitiveCount,
  getTextureChannelMask,
  meshopt,
  prune,
  weld,
} from '@gltf-transform/functions';
import { limits, type ModelStats } from '@site/domain';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/** What the pipeline makes of one uploaded GLB (see docs/decisions/012-model-optimisation.md). */
export interface OptimizedModel {
  /** What the viewer loads: meshopt-compressed geometry, WebP textures at most 2048 px. */
  optimized: Uint8Array;
  /** What Android's Scene Viewer loads: plain geometry, JPEG (PNG with alpha) textures at most 2048 px. */
  ar: Uint8Array;
  stats: ModelStats;
  /** KHR_materials_variants names, in the file's order. */
  variants: string[];
}

/** A model the pipeline cannot read or optimise. Its message is a sentence for the admin. */
export class ModelOptimizationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelOptimizationError';
  }
}

/** The settings of the pipeline's textures and geometry, measured in the decision record. */
export const modelEncoding = {
  maxTextureSize: limits.modelTextureMaxSize,
  webp: { quality: 80, effort: 70 },
  jpeg: { quality: 85 },
  /** 'high' quantizes positions and UVs and filters normals (octahedral): the smaller files; three's decoder reads both. */
  meshoptLevel: 'high',
  /** Textures decoded at once: a 4096 px texture is 64 MB of pixels, and sharp already uses every core for one. */
  textureConcurrency: 2,
} as const;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The first sentence of an error, without glTF Transform's stack or prefixes, for the admin. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0].trim().replace(/\.$/, '');
  return first.length > 200 ? `${first.slice(0, 197)}...` : first || 'unknown error';
}

/** Checks the GLB header, so the common wrong files get a precise reason. */
function checkHeader(glb: Uint8Array): void {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const text = new TextDecoder().decode(glb.subarray(0, 4));
  if (glb.byteLength >= 1 && glb[0] === 0x7b) {
    throw new ModelOptimizationError(
      'The file is a .gltf text file, not a GLB. Please export the model as GLB (binary glTF) with its textures inside.',
    );
  }
  if (glb.byteLength < 20 || text !== 'glTF') throw new ModelOptimizationError('The file is not a GLB (binary glTF) model.');
  const version = view.getUint32(4, true);
  if (version !== 2) {
    throw new ModelOptimizationError(
      `The file is glTF version ${version}; only glTF 2.0 can be shown. Please export it again as glTF 2.0 (GLB).`,
    );
  }
  const length = view.getUint32(8, true);
  if (length > glb.byteLength) {
    throw new ModelOptimizationError(
      `The file is incomplete: it has ${megabytes(glb.byteLength)} of the ${megabytes(length)} its header announces. Please upload it again.`,
    );
  }
}

async function createIO(): Promise<NodeIO> {
  await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
  return new NodeIO()
    .setLogger(new Logger(Logger.Verbosity.SILENT))
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const readableImages = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/avif']);

/** The longer side of a texture's image, read from its header. */
async function longerSide(texture: Texture): Promise<number> {
  const image = texture.getImage();
  if (!image) return 0;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return Math.max(width, height);
}

/** Triangles the default scene draws: a mesh used by two nodes counts twice. */
function countTriangles(document: Document): number {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  let triangles = 0;
  const visit = (node: Node) => {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const mode = primitive.getMode();
      if (mode === Primitive.Mode.TRIANGLES || mode === Primitive.Mode.TRIANGLE_STRIP || mode === Primitive.Mode.TRIANGLE_FAN) {
        triangles += getGLPrimitiveCount(primitive);
      }
    }
    node.listChildren().forEach(visit);
  };
  scene?.listChildren().forEach(visit);
  return triangles;
}

function variantNames(document: Document): string[] {
  const extension = document
    .getRoot()
    .listExtensionsUsed()
    .find((used) => used.extensionName === 'KHR_materials_variants') as KHRMaterialsVariants | undefined;
  return extension?.listVariants().map((variant, index) => variant.getName() || `Variant ${index + 1}`) ?? [];
}

/** Removes an extension the document uses, if it does. */
function disposeExtension(document: Document, name: string): void {
  document
    .getRoot()
    .listExtensionsUsed()
    .find((used) => used.extensionName === name)
    ?.dispose();
}

/**
 * Makes the showroom's two files from an uploaded GLB: the viewer's (deduplicated, pruned,
 * welded; textures at most 2048 px as WebP; geometry quantized, reordered and compressed
 * with meshopt) and Android Scene Viewer's (the same cleanup and texture sizes, but JPEG or
 * PNG textures and plain geometry, which Scene Viewer reads). KHR_materials_variants
 * survives both. Fails with a ModelOptimizationError whose message is for the admin.
 */
export async function optimizeModel(glb: Uint8Array): Promise<OptimizedModel> {
  try {
    return await optimize(glb);
  } catch (error) {
    if (error instanceof ModelOptimizationError) throw error;
    throw new ModelOptimizationError(`The model could not be optimised: ${reason(error)}.`);
  }
}

async function optimize(glb: Uint8Array): Promise<OptimizedModel> {
  checkHeader(glb);
  const io = await createIO();
  let document: Document;
  try {
    document = await io.readBinary(glb);
  } catch (error) {
    const message = reason(error);
    if (/draco/i.test(message)) {
      throw new ModelOptimizationError('The file uses Draco compression, which cannot be read here. Please export it again without Draco.');
    }
    throw new ModelOptimizationError(`The file is not a readable GLB: ${message}.`);
  }
  const root = document.getRoot();
  for (const texture of root.listTextures()) {
    if (!readableImages.has(texture.getMimeType())) {
      throw new ModelOptimizationError(
        `A texture is ${texture.getMimeType() || 'of an unknown type'}, which cannot be converted. Please export the model with PNG or JPEG textures.`,
      );
    }
  }
  const variants = variantNames(document);

  // prune() drops vertex attributes the primitive's own material does not use; a material
  // used only by a variant (a textured finish on an untextured default) may need them.
  await document.transform(dedup(), prune({ keepAttributes: variants.length > 0 }), weld());

  // The AR file: plain geometry, JPEG textures (PNG where a material uses the alpha), at most 2048 px.
  const textures = root.listTextures();
  const originals = new Map(
    textures.map((texture) => [texture, { image: texture.getImage(), mimeType: texture.getMimeType(), uri: texture.getURI() }]),
  );
  const resize: [number, number] = [modelEncoding.maxTextureSize, modelEncoding.maxTextureSize];
  await eachLimited(textures, modelEncoding.textureConcurrency, async (texture) => {
    const image = texture.getImage();
    const hasAlpha = image ? (await sharp(image).metadata()).hasAlpha : false;
    const usesAlpha = hasAlpha && (getTextureChannelMask(texture) & TextureChannel.A) !== 0;
    await compressTexture(texture, {
      encoder: sharp,
      targetFormat: usesAlpha ? 'png' : 'jpeg',
      resize,
      quality: usesAlpha ? undefined : modelEncoding.jpeg.quality,
    });
  });
  for (const name of ['EXT_texture_webp', 'EXT_texture_avif', 'EXT_meshopt_compression']) disposeExtension(document, name);
  if (root.listExtensionsUsed().some((used) => used.extensionName === 'KHR_mesh_quantization')) {
    await document.transform(dequantize());
    disposeExtension(document, 'KHR_mesh_quantization');
  }
  const ar = await io.writeBinary(document);

  // The viewer's file: from the original images again, so WebP is not made from a JPEG.
  for (const [texture, original] of originals) {
    if (original.image) texture.setImage(original.image).setMimeType(original.mimeType).setURI(original.uri);
  }
  originals.clear();
  await eachLimited(textures, modelEncoding.textureConcurrency, (texture) =>
    compressTexture(texture, { encoder: sharp, targetFormat: 'webp', resize, ...modelEncoding.webp }),
  );
  if (textures.length > 0) document.createExtension(EXTTextureWebP).setRequired(true);
  await document.transform(meshopt({ encoder: MeshoptEncoder, level: modelEncoding.meshoptLevel }));
  const optimized = await io.writeBinary(document);

  let maxTextureSize = 0;
  for (const texture of textures) maxTextureSize = Math.max(maxTextureSize, await longerSide(texture));
  return {
    optimized,
    ar,
    variants,
    stats: {
      originalBytes: glb.byteLength,
      optimizedBytes: optimized.byteLength,
      triangles: countTriangles(document),
      textures: textures.length,
      maxTextureSize,
    },
  };
}

// ------------------------------------------------------------------------------------ worker

/** What the worker posts back: the model, or the error's name and message. */
export type WorkerReply = { ok: true; model: OptimizedModel } | { ok: false; name: string; message: string };

/**
 * The worker's entry, a JS file built once from model-worker.ts (a worker thread runs its entry
 * in Node alone, with no TypeScript loader):
 * - from a bundle (functions/dist, the Cloud Function's folder): model-worker.js, which both
 *   builds write beside the chunk or file this code is bundled into;
 * - from the TypeScript sources (the tests, the benchmarks): functions/.worker/model-worker.js,
 *   which functions/scripts/build-model-worker.mjs writes (Vitest's global setup and
 *   `npm run bench:models` run it first).
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../.worker/model-worker.js', here) : new URL('./model-worker.js', here);
}

/**
 * Runs optimizeModel in a worker thread of its own, so the seconds of synchronous work
 * (welding, reordering, encoding) do not hold up the server's event loop. The input is
 * copied once into a buffer the worker takes over; the two files come back transferred,
 * not copied. The worker ends with the job.
 */
export function optimizeModelInWorker(glb: Uint8Array): Promise<OptimizedModel> {
  const entry = workerEntry();
  // A copy of exactly the file's bytes, so the caller's buffer stays usable: new Uint8Array() copies, while a
  // Buffer's slice() shares memory, and transferring that would empty the caller's buffer (and its pool).
  const input = new Uint8Array(glb);
  const worker = new Worker(entry, { workerData: { glb: input }, transferList: [input.buffer] });
  return new Promise<OptimizedModel>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finish();
      void worker.terminate();
    };
    worker.once('message', (reply: WorkerReply) =>
      settle(() => (reply.ok ? resolve(reply.model) : reject(new ModelOptimizationError(reply.message)))),
    );
    worker.once('error', (error) =>
      settle(() =>
        reject(
          new ModelOptimizationError(
            /out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(`${error.message} ${(error as NodeJS.ErrnoException).code ?? ''}`)
              ? 'The model is too large to optimise: it needs more memory than the server has. Please reduce its textures or polygons.'
              : `The model could not be optimised: ${reason(error)}.`,
          ),
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new ModelOptimizationError(`The model could not be optimised: the worker stopped (exit code ${code}).`))),
    );
  });
}
