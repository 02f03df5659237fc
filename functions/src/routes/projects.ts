import {
  limits,
  projectInputSchema,
  projectMessages,
  projectReorderSchema,
  type PhotoRef,
  type Project,
  type ProjectFields,
  type ProjectPhoto,
} from '@site/domain';
import { Router, type Request } from 'express';
import { signedIn } from '../auth/sessions';
import { HttpError, notFound } from '../http/errors';
import { body, idParam, parse } from '../http/validate';
import { newId } from '../ids';
import { ConflictError, NotFoundError } from '../ports/errors';
import { findPublishedProject, listAllProjects, listPublishedProjects, uniqueSlug } from '../services/projects';
import type { RouteContext } from './context';

const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/**
 * The portfolio: the public list and project pages' data, and the admin's add, edit,
 * publish, reorder and delete. Photos are processed when uploaded (or, for a file that went
 * straight to Cloud Storage, here before the answer), so a saved project's photos are ready.
 */
export function projectRoutes(ctx: Pick<RouteContext, 'audit' | 'clock' | 'sessions' | 'store' | 'uploads'>): Router {
  const router = Router();
  const { store, sessions, uploads } = ctx;

  /** Each photo the input names, checked and with its processed files; `own` are the urls the project already has. */
  async function preparePhotos(input: ProjectFields, own: ReadonlySet<string>) {
    const prepare = async (ref: PhotoRef, field: string): Promise<ProjectPhoto> => {
      const record = await uploads.checkPhoto(ref.url, field, own);
      const processed = await uploads.photos.ensureProcessed(record, field);
      return { url: ref.url, alt: ref.alt, ...processed };
    };
    const photos: ProjectPhoto[] = [];
    // One at a time: each may need decoding a 12-megapixel original.
    for (const [index, ref] of input.photos.entries()) photos.push(await prepare(ref, `photos.${index}.url`));
    const before = input.before ? await prepare(input.before, 'before.url') : undefined;
    const after = input.after ? await prepare(input.after, 'after.url') : undefined;
    return { photos, before, after };
  }

  async function checkLinks(input: ProjectFields) {
    if (input.modelId && !(await store.models.get(input.modelId))) throw fieldError('modelId', 'No such 3D model');
    if (input.reviewId) {
      const review = await store.reviews.get(input.reviewId);
      if (!review || !review.approved) throw fieldError('reviewId', 'No such approved review');
    }
  }

  const urlsOf = (project: Pick<Project, 'photos' | 'before' | 'after'>) =>
    new Set([...project.photos, ...(project.before ? [project.before] : []), ...(project.after ? [project.after] : [])].map((p) => p.url));

  async function attach(urls: Iterable<string>) {
    for (const url of urls) {
      const record = await store.objects.findOne({ url });
      if (record && !record.attached) await store.objects.update(record.id, { attached: true });
    }
  }

  /** The fields a project stores from its input, with optional ones absent (not undefined) when not given. */
  function fields(input: ProjectFields, prepared: Awaited<ReturnType<typeof preparePhotos>>) {
    const { photos: _photos, before: _before, after: _after, cover, modelId, reviewId, ...rest } = input;
    return {
      ...rest,
      photos: prepared.photos,
      cover: cover ?? prepared.photos[0].url,
      ...(prepared.before && prepared.after ? { before: prepared.before, after: prepared.after } : {}),
      ...(modelId ? { modelId } : {}),
      ...(reviewId ? { reviewId } : {}),
      processing: false,
    };
  }

  const audit = (req: Request, res: Parameters<typeof signedIn>[0], action: Parameters<typeof ctx.audit.record>[2], project: Project) =>
    ctx.audit.record(req, signedIn(res).user, action, { target: `project:${project.id}`, detail: project.title });

  router.get('/projects', async (_req, res) => {
    res.json(await listPublishedProjects(store));
  });

  router.get('/projects/all', sessions.requireAdmin, async (_req, res) => {
    res.json(await listAllProjects(store));
  });

  router.get('/projects/:slug', async (req, res) => {
    const project = await findPublishedProject(store, String(req.params.slug));
    if (!project) throw notFound(projectMessages.notFound);
    res.json(project);
  });

  router.post('/projects', sessions.requireAdmin, async (req, res) => {
    const input = parse(projectInputSchema, body(req));
    await checkLinks(input);
    const prepared = await preparePhotos(input, new Set());
    const last = await store.projects.find({ orderBy: 'displayOrder', direction: 'desc', limit: 1 });
    const now = ctx.clock.now().toISOString();
    const base = fields(input, prepared);
    let project: Project | undefined;
    // Two projects of the same title saved at once: the loser takes the next free slug.
    for (let attempt = 0; !project; attempt++) {
      const candidate: Project = {
        id: newId(),
        slug: await uniqueSlug(store, input.title),
        ...base,
        displayOrder: last.items.length ? last.items[0].displayOrder + 1 : limits.displayOrderDefault,
        createdAt: now,
        updatedAt: now,
      };
      try {
        project = await store.projects.insert(candidate);
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= 3) throw error;
      }
    }
    await attach(urlsOf(project));
    await audit(req, res, 'project.created', project);
    res.status(201).json(project);
  });

  router.put('/projects/:id', sessions.requireAdmin, async (req, res) => {
    const id = idParam(req);
    const existing = await store.projects.get(id);
    if (!existing) throw notFound(projectMessages.notFound);
    const input = parse(projectInputSchema, body(req));
    await checkLinks(input);
    const own = urlsOf(existing);
    const prepared = await preparePhotos(input, own);
    // The address stays what it was when the project was added, whatever the title becomes:
    // links already shared, and search engines' copies, keep working.
    const slug = existing.slug;
    const next = fields(input, prepared);
    // Optional fields the input no longer has are removed, not kept from before.
    const replaced: Project = {
      id,
      slug,
      ...next,
      displayOrder: existing.displayOrder,
      createdAt: existing.createdAt,
      updatedAt: ctx.clock.now().toISOString(),
    };
    const updated = await store.projects.transform(id, (current) => {
      const patch: Partial<Project> = { ...replaced, displayOrder: current.displayOrder };
      for (const key of ['before', 'after', 'modelId', 'reviewId'] as const) if (!(key in replaced)) patch[key] = undefined;
      delete patch.id;
      return patch;
    });
    if (!updated) throw notFound(projectMessages.notFound);
    await attach(urlsOf(updated));
    // Photos the project no longer shows are deleted with their processed files.
    const kept = urlsOf(updated);
    for (const url of own) if (!kept.has(url)) await uploads.remove(url);
    await audit(req, res, 'project.updated', updated);
    res.json(updated);
  });

  router.delete('/projects/:id', sessions.requireAdmin, async (req, res) => {
    const id = idParam(req);
    const existing = await store.projects.get(id);
    if (!existing || !(await store.projects.delete(id))) throw notFound(projectMessages.notFound);
    for (const url of urlsOf(existing)) await uploads.remove(url);
    await audit(req, res, 'project.deleted', existing);
    res.status(204).end();
  });

  router.patch('/projects/reorder', sessions.requireAdmin, async (req, res) => {
    const { projects } = parse(projectReorderSchema, body(req));
    if (new Set(projects.map((p) => p.id)).size !== projects.length) throw fieldError('projects', 'Each project can appear once');
    const updatedAt = ctx.clock.now().toISOString();
    try {
      await store.projects.updateMany(projects.map(({ id, displayOrder }) => ({ id, patch: { displayOrder, updatedAt } })));
    } catch (error) {
      if (error instanceof NotFoundError) throw notFound(projectMessages.notFound);
      throw error;
    }
    await ctx.audit.record(req, signedIn(res).user, 'projects.reordered', { detail: `${projects.length} projects` });
    res.json(await listAllProjects(store));
  });

  return router;
}
