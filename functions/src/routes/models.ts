import { modelInputSchema, reorderInputSchema } from '@site/domain';
import { Router } from 'express';
import { body, idParam, parse } from '../http/validate';
import { signedIn } from '../auth/sessions';
import type { RouteContext } from './context';
import { sendList } from './list';

/** The showroom's 3D models: public list, admin add, edit, reorder and delete (services/showroom.ts). */
export function modelRoutes(ctx: Pick<RouteContext, 'sessions' | 'showroom'>): Router {
  const router = Router();
  const { sessions, showroom } = ctx;

  router.get('/3d-models', async (req, res) => {
    await sendList(req, res, showroom.list, { orderBy: 'displayOrder', direction: 'asc' });
  });

  router.post('/3d-models', sessions.requireAdmin, async (req, res) => {
    const input = parse(modelInputSchema, body(req));
    res.status(201).json(await showroom.create(input, { from: req, actor: signedIn(res).user }));
  });

  router.put('/3d-models/:id', sessions.requireAdmin, async (req, res) => {
    const readInput = () => parse(modelInputSchema, body(req));
    res.json(await showroom.update(idParam(req), readInput, { from: req, actor: signedIn(res).user }));
  });

  router.delete('/3d-models/:id', sessions.requireAdmin, async (req, res) => {
    await showroom.remove(idParam(req), { from: req, actor: signedIn(res).user });
    res.status(204).end();
  });

  router.patch('/3d-models/reorder', sessions.requireAdmin, async (req, res) => {
    const input = parse(reorderInputSchema, body(req));
    res.json(await showroom.reorder(input, { from: req, actor: signedIn(res).user }));
  });

  return router;
}
