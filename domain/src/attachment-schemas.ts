/**
 * The attachments' input schemas (zod), apart from ./attachments's limits, messages and shapes
 * so that a lead's card, which lists its files, does not load zod.
 */
import { z } from 'zod';
import { attachmentMessages, attachmentLimits, attachmentNameRefused, attachmentKindOf } from './attachments';

export const attachmentNameSchema = z
  .string({ error: attachmentMessages.nameRequired })
  .trim()
  .min(1, attachmentMessages.nameRequired)
  .max(attachmentLimits.nameMaxLength, attachmentMessages.nameTooLong)
  .refine((name) => !attachmentNameRefused.test(name), attachmentMessages.nameNotAllowed);

/** `POST /api/attachments/upload-url`: what the file says it is, checked again by its content when it arrives. */
export const attachmentUploadRequestSchema = z.object({
  contentType: z
    .string({ error: attachmentMessages.wrongType })
    .trim()
    .toLowerCase()
    .max(100, attachmentMessages.wrongType)
    .refine((type) => !/^image\/hei[cf]/.test(type), attachmentMessages.heic)
    .refine((type) => attachmentKindOf(type) !== undefined, attachmentMessages.wrongType),
  name: attachmentNameSchema,
  size: z
    .number({ error: attachmentMessages.sizeInvalid })
    .int(attachmentMessages.sizeInvalid)
    .min(1, attachmentMessages.empty)
    .max(attachmentLimits.maxBytes, attachmentMessages.tooLarge),
});
export type AttachmentUploadRequest = z.infer<typeof attachmentUploadRequestSchema>;

/** One attachment as a submit route takes it. */
export const attachmentRefSchema = z.object({
  url: z.string({ error: attachmentMessages.unknown }).max(200, attachmentMessages.unknown),
  name: attachmentNameSchema,
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/** `attachments` of `POST /api/project-inquiry` and `POST /api/quote-request`. */
export const attachmentsInputSchema = z
  .array(attachmentRefSchema, { error: attachmentMessages.unknown })
  .max(attachmentLimits.maxFiles, attachmentMessages.tooMany)
  .refine((list) => new Set(list.map((item) => item.url)).size === list.length, attachmentMessages.duplicate);

/** `POST /api/customer/{token}/files`: files the customer adds to their lead from their own page, uploaded as the forms' are. */
export const customerFilesSchema = z.object({
  attachments: attachmentsInputSchema.refine((list) => list.length > 0, attachmentMessages.none),
});
export type CustomerFiles = z.infer<typeof customerFilesSchema>;
