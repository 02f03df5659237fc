import { uploadRequestSchema } from '@site/domain';
import { Router, type Request, type RequestHandler } from 'express';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { signedIn } from '../auth/sessions';
import { NotFoundError } from '../ports/errors';
import { body, parse } from '../http/validate';
import type { RouteContext } from './context';

/** Direct uploads (Cloud Storage) sign the content type, so the client names it; the API path ignores it. */
const uploadUrlRequestSchema = uploadRequestSchema.extend({
  contentType: z.string().trim().toLowerCase().max(100).optional(),
});

/** Upload URLs (admin) and the uploads themselves (authorised by the single-use URL). */
export function uploadRoutes(ctx: Pick<RouteContext, 'sessions' | 'uploads'>, json: RequestHandler): Router {
  const router = Router();
  const { sessions, uploads } = ctx;

  router.post('/objects/upload', sessions.requireAdmin, json, async (req, res) => {
    const { kind, contentType } = parse(uploadUrlRequestSchema, body(req));
    res.json(await uploads.issue(signedIn(res).user.id, kind, contentType));
  });

  router.put('/objects/upload/:token', async (req, res) => {
    const declared = req.get('content-length');
    const record = await uploads.receive(req.params.token, {
      stream: bodyStream(req),
      declaredLength: declared === undefined ? undefined : Number(declared),
    });
    res.status(201).json({ url: record.url });
  });

  return router;
}

/**
 * The request body as a stream. Cloud Functions (and its emulator) read the whole body
 * before the app runs and keep it in `rawBody`; then that buffer is the stream.
 */
function bodyStream(req: Request): Readable {
  const raw: unknown = (req as Request & { rawBody?: unknown }).rawBody;
  return Buffer.isBuffer(raw) && req.readableEnded ? Readable.from([raw]) : req;
}

/** A processed photo's file: `photos/{upload id}-{width}.{avif|webp}`. */
const processedPhoto = /^[A-Za-z0-9_-]{1,64}-\d{1,5}\.(avif|webp)$/;
/** The business's logo and favicon PNGs: `brand/{logo|favicon}-{id}-{width}x{height}.png` (see services/brand-images.ts). */
const brandFile = /^(?:logo|favicon)-[A-Za-z0-9_-]{1,64}-\d{1,4}x\d{1,4}\.png$/;
/** A file made from an uploaded model: `models/{upload id}-{optimized|ar}.glb` (see services/model-files.ts). */
const madeFromModel = /^[A-Za-z0-9_-]{1,64}-(?:optimized|ar)\.glb$/;

/**
 * GET /objects/<key>: stored files with their real content type. A photo's uploaded
 * original (`originals/`, with the camera's GPS position in it) is never served; only its
 * processed copies under `photos/` are.
 */
export function objectRoutes(ctx: Pick<RouteContext, 'objects' | 'uploads'>): Router {
  const router = Router();
  router.get('/:folder/:file', async (req, res) => {
    const { folder, file } = req.params;
    const key = `${folder}/${file}`;
    let contentType: string;
    if (folder === 'photos') {
      const match = processedPhoto.exec(file);
      if (!match) throw new NotFoundError();
      contentType = `image/${match[1]}`;
    } else if (folder === 'models' && madeFromModel.test(file)) {
      contentType = 'model/gltf-binary';
    } else if (folder === 'brand') {
      if (!brandFile.test(file)) throw new NotFoundError();
      contentType = 'image/png';
    } else {
      const stored = await ctx.uploads.publicContentType(key);
      if (!stored) throw new NotFoundError();
      contentType = stored;
    }
    const opened = await ctx.objects.open(key);
    if (!opened) throw new NotFoundError();
    res.set({
      'Content-Type': contentType,
      'Content-Length': String(opened.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
    if (req.method === 'HEAD') {
      opened.stream.destroy();
      return res.end();
    }
    opened.stream.on('error', () => res.destroy());
    opened.stream.pipe(res);
  });
  return router;
}
