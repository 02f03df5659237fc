/**
 * The portfolio's limits, messages and input schemas: one definition for the admin form and
 * the API. The categories and shapes the public pages use are in project-view.ts.
 */
import { z } from 'zod';
import { projectCategories } from './project-view';
import { cleanText, textField } from './schemas';

export const projectLimits = {
  titleMinLength: 3,
  titleMaxLength: 100,
  summaryMinLength: 10,
  summaryMaxLength: 2000,
  suburbMaxLength: 60,
  altMaxLength: 200,
  photosMax: 40,
  /** Widths the pipeline makes of each photo (never wider than the original). */
  photoWidths: [480, 800, 1200, 1600, 2400] as const,
} as const;

export const projectMessages = {
  titleMin: `Title must be at least ${projectLimits.titleMinLength} characters`,
  categoryRequired: 'Please choose a category',
  summaryMin: `Summary must be at least ${projectLimits.summaryMinLength} characters`,
  photosMin: 'Please add at least one photo',
  photosMax: `A project can have at most ${projectLimits.photosMax} photos`,
  altRequired: 'Please describe the photo for people who cannot see it',
  photoRequired: 'Please upload a photo',
  photoTwice: 'Each photo can appear once',
  coverNotAPhoto: "The cover must be one of the project's photos",
  beforeAfterPair: 'Add both a before and an after photo, or neither',
  deleteConfirm: 'Are you sure you want to delete this project?',
  notFound: 'Project not found',
} as const;

const url = cleanText(
  z.string({ error: projectMessages.photoRequired }).trim().min(1, projectMessages.photoRequired).max(1000),
  'Photo',
  'line',
);
const optionalId = cleanText(z.string().trim().max(64), 'Id', 'line').optional();

/** A photo as the admin form sends it: an uploaded file (`POST /api/objects/upload {kind: "photo"}`) and its alt text. */
export const photoRefSchema = z.object({
  url,
  alt: textField('Alt text', 'line', 1, projectMessages.altRequired, projectLimits.altMaxLength),
});
export type PhotoRef = z.infer<typeof photoRefSchema>;

export const projectInputSchema = z
  .object({
    title: textField('Title', 'line', projectLimits.titleMinLength, projectMessages.titleMin, projectLimits.titleMaxLength),
    category: z.enum(projectCategories, { error: projectMessages.categoryRequired }),
    summary: textField('Summary', 'lines', projectLimits.summaryMinLength, projectMessages.summaryMin, projectLimits.summaryMaxLength),
    suburb: textField('Suburb', 'line', 0, 'Suburb must be text', projectLimits.suburbMaxLength).default(''),
    photos: z.array(photoRefSchema).min(1, projectMessages.photosMin).max(projectLimits.photosMax, projectMessages.photosMax),
    /** The url of the cover photo; the first photo when absent. */
    cover: url.optional(),
    before: photoRefSchema.optional(),
    after: photoRefSchema.optional(),
    modelId: optionalId,
    reviewId: optionalId,
    published: z.boolean().default(false),
    featured: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const urls = input.photos.map((p) => p.url);
    if (new Set(urls).size !== urls.length) ctx.addIssue({ code: 'custom', path: ['photos'], message: projectMessages.photoTwice });
    if (input.cover !== undefined && !urls.includes(input.cover))
      ctx.addIssue({ code: 'custom', path: ['cover'], message: projectMessages.coverNotAPhoto });
    if (!input.before !== !input.after)
      ctx.addIssue({ code: 'custom', path: [input.before ? 'after' : 'before'], message: projectMessages.beforeAfterPair });
  });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectFields = z.output<typeof projectInputSchema>;

export const projectReorderSchema = z.object({
  projects: z
    .array(z.object({ id: z.string().min(1).max(64), displayOrder: z.number().int().min(0).max(10_000) }))
    .min(1, 'No projects to reorder')
    .max(1000),
});
export type ProjectReorderInput = z.infer<typeof projectReorderSchema>;
