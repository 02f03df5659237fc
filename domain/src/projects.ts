/**
 * The portfolio's input schemas: one definition for the admin form and the API. The rest of
 * the projects' definitions (categories, messages, shapes) are in project-view.ts.
 */
import { z } from 'zod';
import { projectCategories, projectLimits, projectMessages } from './project-view';
import { cleanText, textField } from './schemas';

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
