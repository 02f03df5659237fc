import {
  limits,
  projectMessages,
  type PhotoRef,
  type Project,
  type ProjectFields,
  type ProjectPhoto,
  type ProjectReorderInput,
  type PublicProject,
} from '@site/domain';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import { ConflictError, InvalidError, NotFoundError } from '../ports/errors';
import type { Store } from '../ports/store';
import type { ActedBy, AuditTrail } from './audit';
import { findPublishedProject, listAllProjects, listPublishedProjects, uniqueSlug } from './projects';
import type { Uploads } from './uploads';

const fieldError = (field: string, message: string) => new InvalidError(message, { [field]: message });

const urlsOf = (project: Pick<Project, 'photos' | 'before' | 'after'>) =>
  new Set([...project.photos, ...(project.before ? [project.before] : []), ...(project.after ? [project.after] : [])].map((p) => p.url));

type PreparedPhotos = { photos: ProjectPhoto[]; before?: ProjectPhoto; after?: ProjectPhoto };

/** The fields a project stores from its input, with optional ones absent (not undefined) when not given. */
function fieldsOf(input: ProjectFields, prepared: PreparedPhotos) {
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

/**
 * The portfolio: the public list and project pages' data, and the admin's add, edit, publish,
 * reorder and delete. Photos are processed when uploaded (or, for a file that went straight to
 * Cloud Storage, here before the answer), so a saved project's photos are ready.
 */
export class Portfolio {
  constructor(private readonly deps: { store: Store; uploads: Uploads; audit: AuditTrail; clock: Clock }) {}

  published(): Promise<PublicProject[]> {
    return listPublishedProjects(this.deps.store);
  }

  all(): Promise<Project[]> {
    return listAllProjects(this.deps.store);
  }

  async publishedBySlug(slug: string): Promise<PublicProject> {
    const project = await findPublishedProject(this.deps.store, slug);
    if (!project) throw new NotFoundError(projectMessages.notFound);
    return project;
  }

  /** Each photo the input names, checked and with its processed files; `own` are the urls the project already has. */
  private async preparePhotos(input: ProjectFields, own: ReadonlySet<string>): Promise<PreparedPhotos> {
    const { uploads } = this.deps;
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

  private async checkLinks(input: ProjectFields) {
    const { store } = this.deps;
    if (input.modelId && !(await store.models.get(input.modelId))) throw fieldError('modelId', 'No such 3D model');
    if (input.reviewId) {
      const review = await store.reviews.get(input.reviewId);
      if (!review || !review.approved) throw fieldError('reviewId', 'No such approved review');
    }
  }

  private async attach(urls: Iterable<string>) {
    const { store } = this.deps;
    for (const url of urls) {
      const record = await store.objects.findOne({ url });
      if (record && !record.attached) await store.objects.update(record.id, { attached: true });
    }
  }

  private audit(by: ActedBy, action: 'project.created' | 'project.updated' | 'project.deleted', project: Project) {
    return this.deps.audit.record(by.from, by.actor, action, { target: `project:${project.id}`, detail: project.title });
  }

  async create(input: ProjectFields, by: ActedBy): Promise<Project> {
    const { store } = this.deps;
    await this.checkLinks(input);
    const prepared = await this.preparePhotos(input, new Set());
    const last = await store.projects.find({ orderBy: 'displayOrder', direction: 'desc', limit: 1 });
    const now = this.deps.clock.now().toISOString();
    const base = fieldsOf(input, prepared);
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
    await this.attach(urlsOf(project));
    await this.audit(by, 'project.created', project);
    return project;
  }

  /** `readInput` parses what was sent once the project is found: an unknown id is a 404 whatever was sent. */
  async update(id: string, readInput: () => ProjectFields, by: ActedBy): Promise<Project> {
    const { store, uploads } = this.deps;
    const existing = await store.projects.get(id);
    if (!existing) throw new NotFoundError(projectMessages.notFound);
    const input = readInput();
    await this.checkLinks(input);
    const own = urlsOf(existing);
    const prepared = await this.preparePhotos(input, own);
    // The address stays what it was when the project was added, whatever the title becomes:
    // links already shared, and search engines' copies, keep working.
    const slug = existing.slug;
    const next = fieldsOf(input, prepared);
    // Optional fields the input no longer has are removed, not kept from before.
    const replaced: Project = {
      id,
      slug,
      ...next,
      displayOrder: existing.displayOrder,
      createdAt: existing.createdAt,
      updatedAt: this.deps.clock.now().toISOString(),
    };
    const updated = await store.projects.transform(id, (current) => {
      const patch: Partial<Project> = { ...replaced, displayOrder: current.displayOrder };
      for (const key of ['before', 'after', 'modelId', 'reviewId'] as const) if (!(key in replaced)) patch[key] = undefined;
      delete patch.id;
      return patch;
    });
    if (!updated) throw new NotFoundError(projectMessages.notFound);
    await this.attach(urlsOf(updated));
    // Photos the project no longer shows are deleted with their processed files.
    const kept = urlsOf(updated);
    for (const url of own) if (!kept.has(url)) await uploads.remove(url);
    await this.audit(by, 'project.updated', updated);
    return updated;
  }

  async remove(id: string, by: ActedBy): Promise<void> {
    const { store, uploads } = this.deps;
    const existing = await store.projects.get(id);
    if (!existing || !(await store.projects.delete(id))) throw new NotFoundError(projectMessages.notFound);
    for (const url of urlsOf(existing)) await uploads.remove(url);
    await this.audit(by, 'project.deleted', existing);
  }

  /** Puts the projects in the order given; answers them all in their new order. */
  async reorder({ projects }: ProjectReorderInput, by: ActedBy): Promise<Project[]> {
    if (new Set(projects.map((p) => p.id)).size !== projects.length) throw fieldError('projects', 'Each project can appear once');
    const updatedAt = this.deps.clock.now().toISOString();
    try {
      await this.deps.store.projects.updateMany(projects.map(({ id, displayOrder }) => ({ id, patch: { displayOrder, updatedAt } })));
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(projectMessages.notFound);
      throw error;
    }
    await this.deps.audit.record(by.from, by.actor, 'projects.reordered', { detail: `${projects.length} projects` });
    return this.all();
  }
}
