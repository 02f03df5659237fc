import type { Model3d, ModelStats } from '@site/domain';
import { buffer } from 'node:stream/consumers';
import type { Log } from '../ports/log';
import type { ObjectStore } from '../ports/object-store';
import type { Store } from '../ports/store';
import { derivedModelKeys, removeModelFiles } from './model-files';
import type { OptimizedModel } from './model-pipeline';

export type OptimizeModel = (glb: Uint8Array) => Promise<OptimizedModel>;

const glbType = 'model/gltf-binary';

/** glTF Transform is loaded with the first model to optimise, not at every start of the server or function. */
const optimizeInWorker: OptimizeModel = async (glb) => (await import('./model-pipeline')).optimizeModelInWorker(glb);

/** A file the pipeline could not read or optimise; its message is for the admin. Known by name: it crosses from the worker thread. */
const isUnoptimisable = (error: unknown): error is Error => error instanceof Error && error.name === 'ModelOptimizationError';

/** What a model that waits for its optimisation shows: its upload, as uploaded. */
export const pendingModelFields = (originalUrl: string) =>
  ({ modelUrl: originalUrl, originalUrl, processing: 'pending', variants: [] }) satisfies Partial<Model3d>;

/** An earlier file's results, removed when a model gets a new file. */
export const earlierModelResults = { arUrl: undefined, processingError: undefined, stats: undefined } satisfies Partial<Model3d>;

export interface ModelProcessingOptions {
  optimize?: OptimizeModel;
}

/**
 * Optimises showroom models after they are saved, in a worker thread so the server keeps
 * answering. A model waits as `pending`, showing its upload, until its files are made; it
 * becomes `done` with the optimised file as its `modelUrl`, or `failed` with the reason,
 * still showing its upload. When and how often this runs is the `models` job's
 * (jobs/models.ts): after the answer in the embedded server, on a trigger on Firebase.
 */
export class ModelProcessing {
  private readonly optimize: OptimizeModel;

  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
    private readonly log: Log,
    options: ModelProcessingOptions = {},
  ) {
    this.optimize = options.optimize ?? optimizeInWorker;
  }

  /** Optimises one pending model now. A model that is not pending (or is gone) is left alone. */
  async process(id: string): Promise<void> {
    const model = await this.store.models.get(id);
    if (!model || model.processing !== 'pending') return;
    const upload = await this.store.objects.findOne({ url: model.originalUrl });
    const opened = upload ? await this.objects.open(upload.key) : null;
    if (!upload || !opened) {
      await this.fail(model, 'The uploaded file is missing. Please upload the model again', null);
      return;
    }
    const original = await buffer(opened.stream);
    let made: OptimizedModel;
    try {
      made = await this.optimize(original);
    } catch (error) {
      if (!isUnoptimisable(error)) this.log(`model ${id}: optimisation failed`, error);
      const reason = isUnoptimisable(error) ? error.message : 'The file could not be optimised';
      await this.fail(model, reason, original.length);
      return;
    }
    const keys = derivedModelKeys(upload);
    await this.objects.put(keys.optimized, Buffer.from(made.optimized), glbType);
    await this.objects.put(keys.ar, Buffer.from(made.ar), glbType);
    const applied = await this.store.models.updateIf(
      id,
      { originalUrl: model.originalUrl, processing: 'pending' },
      {
        modelUrl: this.objects.publicUrl(keys.optimized),
        arUrl: this.objects.publicUrl(keys.ar),
        processing: 'done',
        processingError: undefined,
        stats: made.stats,
        variants: made.variants,
      },
    );
    // The model got another file (or was deleted) meanwhile: these files belong to nothing.
    if (!applied && !(await this.store.objects.findOne({ url: model.originalUrl }))?.attached) await removeModelFiles(this.objects, upload);
  }

  private async fail(model: Model3d, reason: string, originalBytes: number | null): Promise<void> {
    const stats: ModelStats | undefined =
      originalBytes === null ? undefined : { originalBytes, optimizedBytes: originalBytes, triangles: 0, textures: 0, maxTextureSize: 0 };
    await this.store.models.updateIf(
      model.id,
      { originalUrl: model.originalUrl, processing: 'pending' },
      { processing: 'failed', processingError: reason, stats, modelUrl: model.originalUrl, arUrl: undefined },
    );
  }
}
