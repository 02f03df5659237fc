import { limits, type Model3d, type modelInputSchema, type ReorderInput } from '@site/domain';
import type { z } from 'zod';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import { InvalidError, NotFoundError } from '../ports/errors';
import type { Collection, Store } from '../ports/store';
import type { ActedBy, AuditTrail } from './audit';
import { earlierModelResults, pendingModelFields } from './model-processing';
import type { Uploads } from './uploads';

const modelNotFound = 'Model not found';

type ModelFields = z.output<typeof modelInputSchema>;

/** The showroom's 3D models: the list, and the admin's add, edit, reorder and delete. */
export class Showroom {
  /** The models in the showroom's order, for a list page. */
  readonly list: Pick<Collection<Model3d>, 'find' | 'count'>;

  constructor(
    private readonly deps: {
      store: Store;
      uploads: Uploads;
      audit: AuditTrail;
      clock: Clock;
      /** Queues a saved model's optimisation (the `models` job). */
      optimiseLater: (id: string) => void;
    },
  ) {
    this.list = deps.store.models;
  }

  private all = async () => (await this.deps.store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 1000 })).items;

  async create(input: ModelFields, by: ActedBy): Promise<Model3d> {
    const { store, uploads } = this.deps;
    const modelFile = await uploads.check(input.modelUrl, 'model');
    const thumbnail = input.thumbnailUrl ? await uploads.check(input.thumbnailUrl, 'thumbnail') : null;
    const last = await store.models.find({ orderBy: 'displayOrder', direction: 'desc', limit: 1 });
    const model: Model3d = {
      id: newId(),
      ...input,
      ...pendingModelFields(modelFile.url),
      displayOrder: last.items.length ? last.items[0].displayOrder + 1 : limits.displayOrderDefault,
      createdAt: this.deps.clock.now().toISOString(),
    };
    await store.objects.update(modelFile.id, { attached: true });
    if (thumbnail) await store.objects.update(thumbnail.id, { attached: true });
    await store.models.insert(model);
    this.deps.optimiseLater(model.id);
    await this.deps.audit.record(by.from, by.actor, 'model.created', { target: `model:${model.id}`, detail: model.name });
    return model;
  }

  /** `readInput` parses what was sent once the model is found: an unknown id is a 404 whatever was sent. */
  async update(id: string, readInput: () => ModelFields, by: ActedBy): Promise<Model3d> {
    const { store, uploads } = this.deps;
    const existing = await store.models.get(id);
    if (!existing) throw new NotFoundError(modelNotFound);
    const input = readInput();
    // The form sends back what the viewer loads (the optimised file) or the upload: both mean the same file.
    const sameFile = input.modelUrl === existing.modelUrl || input.modelUrl === existing.originalUrl;
    const modelFile = sameFile ? null : await uploads.check(input.modelUrl, 'model');
    const thumbnail = input.thumbnailUrl ? await uploads.check(input.thumbnailUrl, 'thumbnail', existing.thumbnailUrl) : null;
    if (modelFile) await store.objects.update(modelFile.id, { attached: true });
    if (thumbnail) await store.objects.update(thumbnail.id, { attached: true });
    const { modelUrl: _sent, ...fields } = input;
    const updated = await store.models.update(
      id,
      modelFile ? { ...fields, ...pendingModelFields(modelFile.url), ...earlierModelResults } : fields,
    );
    if (!updated) throw new NotFoundError(modelNotFound);
    // Files the model no longer uses are deleted with their records (a model's upload with the files made from it).
    if (modelFile) {
      await uploads.remove(existing.originalUrl);
      this.deps.optimiseLater(id);
    }
    if (existing.thumbnailUrl && existing.thumbnailUrl !== input.thumbnailUrl) await uploads.remove(existing.thumbnailUrl);
    await this.deps.audit.record(by.from, by.actor, 'model.updated', { target: `model:${id}`, detail: updated.name });
    return updated;
  }

  async remove(id: string, by: ActedBy): Promise<void> {
    const { store, uploads } = this.deps;
    const existing = await store.models.get(id);
    if (!existing || !(await store.models.delete(id))) throw new NotFoundError(modelNotFound);
    await uploads.remove(existing.originalUrl);
    if (existing.thumbnailUrl) await uploads.remove(existing.thumbnailUrl);
    await this.deps.audit.record(by.from, by.actor, 'model.deleted', { target: `model:${id}`, detail: existing.name });
  }

  /** Puts the models in the order given; answers them all in their new order. */
  async reorder({ models }: ReorderInput, by: ActedBy): Promise<Model3d[]> {
    if (new Set(models.map((m) => m.id)).size !== models.length) {
      throw new InvalidError('Each model can appear once', { models: 'Each model can appear once' });
    }
    try {
      await this.deps.store.models.updateMany(models.map(({ id, displayOrder }) => ({ id, patch: { displayOrder } })));
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(modelNotFound);
      throw error;
    }
    await this.deps.audit.record(by.from, by.actor, 'models.reordered', { detail: `${models.length} models` });
    return this.all();
  }
}
