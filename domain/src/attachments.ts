/**
 * Customer attachments on a lead: the photos and PDF plans a customer adds to an inquiry or
 * a quote request. One source for the forms' checks before uploading, the API's checks while
 * a file streams in, and the shapes both sides exchange.
 */
export const attachmentLimits = {
  /** Files on one inquiry or quote request. */
  maxFiles: 10,
  /** 20 MB, for a photo and a PDF alike. */
  maxBytes: 20 * 1024 * 1024,
  /** A file's name as the customer's device gave it. */
  nameMaxLength: 200,
  /** Upload URLs one client may ask for in `ticketWindowMs`. */
  ticketsPerWindow: 30,
  ticketWindowMs: 10 * 60 * 1000,
  /** An upload URL is good for this long, once. */
  ticketLifetimeMs: 15 * 60 * 1000,
  /** Uploads never attached to a submitted lead are deleted after this long. */
  unattachedLifetimeMs: 24 * 60 * 60 * 1000,
  /** The longest a signed link to an attachment stays valid: an hour, to open or hand on a file now. */
  signedLinkMaxMs: 60 * 60 * 1000,
} as const;

export type AttachmentKind = 'photo' | 'pdf';
export type AttachmentProcessing = 'pending' | 'done' | 'failed';

/** The accepted content types, with the kind and the stored file's extension. */
export const attachmentContentTypes: Readonly<Record<string, { kind: AttachmentKind; extension: string }>> = {
  'image/jpeg': { kind: 'photo', extension: 'jpg' },
  'image/png': { kind: 'photo', extension: 'png' },
  'image/webp': { kind: 'photo', extension: 'webp' },
  'image/avif': { kind: 'photo', extension: 'avif' },
  'application/pdf': { kind: 'pdf', extension: 'pdf' },
};

export const attachmentExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.pdf'] as const;

/** The file input's `accept`. */
export const attachmentAccept = [...attachmentExtensions, ...Object.keys(attachmentContentTypes)].join(',');

/** The kind of an accepted content type, or undefined when it is not accepted. */
export function attachmentKindOf(contentType: string): AttachmentKind | undefined {
  return Object.hasOwn(attachmentContentTypes, contentType) ? attachmentContentTypes[contentType].kind : undefined;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The API's answers and the forms' messages. */
export const attachmentMessages = {
  tooMany: `You can attach up to ${attachmentLimits.maxFiles} files`,
  tooLarge: `Files can be at most ${megabytes(attachmentLimits.maxBytes)}`,
  wrongType: 'Only photos (JPEG, PNG, WebP or AVIF) and PDF plans can be attached',
  empty: 'The file is empty',
  /** An iPhone's own photo format: browsers cannot show it, and the photo processing cannot read it. */
  heic: 'HEIC photos cannot be attached. Please export the photo as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and attach that.',
  unreadablePdf: 'This PDF could not be read. It may be damaged: please save it again and attach that.',
  unreadablePhoto: 'This photo could not be read. It may be damaged: please export it again as JPEG and attach that.',
  nameRequired: 'File name is required',
  nameTooLong: `File name must be at most ${attachmentLimits.nameMaxLength} characters`,
  nameNotAllowed: 'File name contains characters that are not allowed',
  sizeInvalid: 'File size must be a whole number of bytes',
  /** A url this API did not hand out, one already on another lead, or one past its 24 hours. */
  unknown: 'Please attach files uploaded to this form',
  attachedElsewhere: 'This file is already attached to another request',
  duplicate: 'Each file can be attached once',
  /** `POST /api/customer/{token}/files` without a file. */
  none: 'Choose a file to add',
  /** Shown beside the file picker, before uploading. */
  form: {
    tooLarge: (size: number) => `This file is ${sizeText(size)}. Files can be at most ${megabytes(attachmentLimits.maxBytes)}.`,
    wrongType: 'This is not a photo (JPEG, PNG, WebP or AVIF) or a PDF. Please choose one of those.',
    empty: 'This file is empty.',
    tooMany: `You can attach up to ${attachmentLimits.maxFiles} files`,
    uploadFailed: 'The upload failed. Please try again.',
  },
} as const;

/** Every API path of attachments. */
export const attachmentPaths = {
  /** POST: an upload URL for one file. */
  uploadUrl: '/api/attachments/upload-url',
  /** PUT: the file itself (the path the upload URL names when uploads go through the API). */
  upload: (token: string) => `/api/attachments/upload/${token}`,
  /** GET: the file (admin session, or a signed link). */
  file: (id: string) => `/api/attachments/${id}`,
  /** GET: a photo's small preview (admin session, or a signed link). */
  thumbnail: (id: string) => `/api/attachments/${id}/thumbnail`,
} as const;

/** An attachment url the API handed out: `/api/attachments/{id}`. */
export const attachmentUrlPattern = /^\/api\/attachments\/([A-Za-z0-9_-]{1,64})$/;

/** The attachment id in a url the API handed out, or null for any other url. */
export function attachmentIdOf(url: string): string | null {
  const match = attachmentUrlPattern.exec(url);
  return match ? match[1] : null;
}

// C0 and C1 controls (tab and line breaks among them), and the bidi overrides and marks that
// can make a name read differently from what it is.
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
export const attachmentNameRefused = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

/** The answer: where to PUT the raw file, with exactly these headers. */
export interface AttachmentUploadUrl {
  uploadURL: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** `PUT {uploadURL}`'s 201 answer: the reference to send with the form. */
export interface UploadedAttachment {
  /** Opaque: `/api/attachments/{id}`, readable only by a signed-in admin. */
  url: string;
  name: string;
  kind: AttachmentKind;
  contentType: string;
  size: number;
}

/** An attachment on a lead, as the admin lead lists return it. */
export interface LeadAttachment {
  id: string;
  name: string;
  kind: AttachmentKind;
  contentType: string;
  size: number;
  /** The full file: `/api/attachments/{id}`, admin only. */
  url: string;
  /** Photos: `/api/attachments/{id}/thumbnail`, once processed. */
  thumbnailUrl?: string;
  width?: number;
  height?: number;
  /** Photos: whether the processed (upright, metadata-free) copy is ready. */
  processing?: AttachmentProcessing;
}

/** "site-plan.pdf (1.2 MB)": how the staff email (and any list) names a file. */
export const describeAttachment = (attachment: Pick<LeadAttachment, 'name' | 'size'>) =>
  `${attachment.name} (${sizeText(attachment.size)})`;

/** "1 attachment", "3 attachments": the staff SMS says only how many. */
export const attachmentCount = (count: number) => `${count} attachment${count === 1 ? '' : 's'}`;

/** The staff email's label for the list of files. */
export const attachmentsLabel = 'Attachments';
