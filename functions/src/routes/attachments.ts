import { attachmentUploadRequestSchema, recordIdPattern } from '@site/domain';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { Readable } from 'node:stream';
import { signedIn } from '../auth/sessions';
import { ForbiddenError, NotFoundError } from '../ports/errors';
import { body, parse } from '../http/validate';
import type { AttachmentVariant } from '../services/attachments';
import { clientKey } from '../services/client-address';
import type { RouteContext } from './context';

/**
 * A Content-Disposition naming the file as the customer's device did (RFC 6266): a plain
 * ASCII name as it is; any other with an ASCII stand-in (every other character `_`) for old
 * clients and the exact name, UTF-8 and percent-encoded, in `filename*` (RFC 8187). Header
 * values thus stay ASCII, and no quote or backslash of a name ends the quoted string.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\%]/.test(name)) return `${type}; filename="${name}"`;
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // A lone surrogate (JSON can carry one) cannot be UTF-8: it becomes U+FFFD, as a browser shows it.
  const wellFormed = name.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  const encoded = encodeURIComponent(wellFormed).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The body as a stream. Cloud Functions (and its emulator) read the whole body before the
 * app runs and keep it in `rawBody`; then that buffer is the stream.
 */
function bodyStream(req: Request): Readable {
  const raw: unknown = (req as Request & { rawBody?: unknown }).rawBody;
  return Buffer.isBuffer(raw) && req.readableEnded ? Readable.from([raw]) : req;
}

/**
 * Customers' uploads (public: an upload URL, rate limited per client, then the single-use
 * PUT), before the JSON parser since the PUT streams its own body.
 */
export function attachmentUploadRoutes(ctx: Pick<RouteContext, 'attachments' | 'limits' | 'verifiedClient'>, json: RequestHandler): Router {
  const router = Router();
  const { attachments } = ctx;

  router.post('/attachments/upload-url', ctx.verifiedClient, ctx.limits.attachmentTickets, json, async (req, res) => {
    res.json(await attachments.issue(parse(attachmentUploadRequestSchema, body(req)), clientKey(req)));
  });

  router.put('/attachments/upload/:token', async (req, res) => {
    const declared = req.get('content-length');
    const uploaded = await attachments.receive(
      req.params.token,
      { stream: bodyStream(req), declaredLength: declared === undefined ? undefined : Number(declared) },
      clientKey(req),
    );
    res.status(201).json(uploaded);
  });

  return router;
}

/**
 * Staff reading attachments: with an admin session, or a short-lived signed link (403 when
 * it is tampered with or expired). Never cached by shared caches, never sniffed.
 */
export function attachmentFileRoutes(ctx: Pick<RouteContext, 'attachments' | 'audit' | 'objects' | 'sessions'>): Router {
  const router = Router();
  const { attachments, sessions } = ctx;

  const authorise = async (req: Request, res: Response, id: string, variant: AttachmentVariant) => {
    if (req.query.sig !== undefined || req.query.expires !== undefined) {
      if (!(await attachments.verifyLink(id, variant, req.query.expires, req.query.sig))) {
        throw new ForbiddenError('This link has expired or is not valid. Please open the lead in the dashboard.');
      }
      return;
    }
    await new Promise<void>((done, fail) => sessions.requireAdmin(req, res, (error?: unknown) => (error ? fail(error) : done())));
  };

  const serve = (variant: AttachmentVariant) => async (req: Request, res: Response) => {
    const id = String(req.params.id);
    if (!recordIdPattern.test(id)) throw new NotFoundError('Attachment not found');
    await authorise(req, res, id, variant);
    const file = await attachments.file(id, variant);
    const opened = await ctx.objects.open(file.key);
    if (!opened) throw new NotFoundError('Attachment not found');
    res.set({
      // A customer's PDF is downloaded, never shown in the site's origin: a PDF can carry
      // scripts, forms and links, and the browser's viewer would run them as this site. A
      // processed photo (pixels only, re-encoded by us) is shown inline, for the lightbox.
      'Content-Disposition': contentDisposition(file.download ? 'attachment' : 'inline', file.filename),
      // Opened directly all the same, the file gets an opaque origin: no script, no cookies, no forms.
      'Content-Security-Policy': 'sandbox',
      'Content-Type': file.contentType,
      'Content-Length': String(opened.size),
      // The browser may keep it for the admin's session; no shared cache may.
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      opened.stream.destroy();
      return res.end();
    }
    opened.stream.on('error', () => res.destroy());
    opened.stream.pipe(res);
  };

  router.get('/attachments/:id', serve('full'));
  router.get('/attachments/:id/thumbnail', serve('thumbnail'));

  /** A signed link to send on (to a colleague, a trade): an hour without signing in. */
  router.post('/attachments/:id/link', sessions.requireAdmin, async (req, res) => {
    const id = String(req.params.id);
    if (!recordIdPattern.test(id)) throw new NotFoundError('Attachment not found');
    const variant = req.query.variant === 'thumbnail' ? 'thumbnail' : 'full';
    const { record } = await attachments.file(id, variant);
    const link = await attachments.signedLink(id, variant);
    // Anyone holding the link sees the file for an hour: who made one, and of what, is kept.
    await ctx.audit.record(req, signedIn(res).user, 'attachment.linked', {
      target: record.leadKind && record.leadId ? `${record.leadKind}:${record.leadId}` : `attachment:${id}`,
      detail: `${record.name}, until ${link.expiresAt}`,
    });
    res.json(link);
  });

  return router;
}
