import { limits, modelInputSchema, reorderInputSchema, type Model3d } from '@site/domain';
import { Router } from 'express';
import { HttpError, notFound } from '../http/errors';
import { body, idParam, parse } from '../http/validate';
import { newId } from '../ids';
import { signedIn } from '../auth/sessions';
import { NotFoundError } from '../ports/errors';
import { earlierModelResults, pendingModelFields } from '../services/model-processing';
import type { RouteContext } from './context';
import { sendList } from './list';

/** The showroom's 3D models: public list, admin add, edit, reorder and delete. */
export function modelRoutes(ctx: Pick<RouteContext, 'audit' | 'clock' | 'jobs' | 'sessions' | 'store' | 'uploads'>): Router {
  const router = Router();
  const { store, sessions, uploads } = ctx;

  const allModels = async () => (await store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 1000 })).items;

  router.get('/3d-models', async (req, res) => {
    await sendList(req, res, store.models, { orderBy: 'displayOrder', direction: 'asc' });
  });

  router.post('/3d-models', sessions.requireAdmin, async (req, res) => {
    const input = parse(modelInputSchema, body(req));
    const modelFile = await uploads.check(input.modelUrl, 'model');
    const thumbnail = input.thumbnailUrl ? await uploads.check(input.thumbnailUrl, 'thumbnail') : null;
    const last = await store.models.find({ orderBy: 'displayOrder', direction: 'desc', limit: 1 });
    const model: Model3d = {
      id: newId(),
      ...input,
      ...pendingModelFields(modelFile.url),
      displayOrder: last.items.length ? last.items[0].displayOrder + 1 : limits.displayOrderDefault,
      createdAt: ctx.clock.now().toISOString(),
    };
    await store.objects.update(modelFile.id, { attached: true });
    if (thumbnail) await store.objects.update(thumbnail.id, { attached: true });
    await store.models.insert(model);
    ctx.jobs.enqueue('models', model.id);
    await ctx.audit.record(req, signedIn(res).user, 'model.created', { target: `model:${model.id}`, detail: model.name });
    res.status(201).json(model);
  });

  router.put('/3d-models/:id', sessions.requireAdmin, async (req, res) => {
    const id = idParam(req);
    const existing = await store.models.get(id);
    if (!existing) throw notFound('Model not found');
    const input = parse(modelInputSchema, body(req));
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
    if (!updated) throw notFound('Model not found');
    // Files the model no longer uses are deleted with their records (a model's upload with the files made from it).
    if (modelFile) {
      await uploads.remove(existing.originalUrl);
      ctx.jobs.enqueue('models', id);
    }
    if (existing.thumbnailUrl && existing.thumbnailUrl !== input.thumbnailUrl) await uploads.remove(existing.thumbnailUrl);
    await ctx.audit.record(req, signedIn(res).user, 'model.updated', { target: `model:${id}`, detail: updated.name });
    res.json(updated);
  });

  router.delete('/3d-models/:id', sessions.requireAdmin, async (req, res) => {
    const id = idParam(req);
    const existing = await store.models.get(id);
    if (!existing || !(await store.models.delete(id))) throw notFound('Model not found');
    await uploads.remove(existing.originalUrl);
    if (existing.thumbnailUrl) await uploads.remove(existing.thumbnailUrl);
    await ctx.audit.record(req, signedIn(res).user, 'model.deleted', { target: `model:${id}`, detail: existing.name });
    res.status(204).end();
  });

  router.patch('/3d-models/reorder', sessions.requireAdmin, async (req, res) => {
    const { models } = parse(reorderInputSchema, body(req));
    if (new Set(models.map((m) => m.id)).size !== models.length) {
      throw new HttpError(400, 'Each model can appear once', { models: 'Each model can appear once' });
    }
    try {
      await store.models.updateMany(models.map(({ id, displayOrder }) => ({ id, patch: { displayOrder } })));
    } catch (error) {
      if (error instanceof NotFoundError) throw notFound('Model not found');
      throw error;
    }
    await ctx.audit.record(req, signedIn(res).user, 'models.reordered', { detail: `${models.length} models` });
    res.json(await allModels());
  });

  return router;
}
