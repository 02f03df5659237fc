import { projectInputSchema, projectReorderSchema } from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { body, idParam, parse } from '../http/validate';
import type { RouteContext } from './context';

/**
 * The portfolio: the public list and project pages' data, and the admin's add, edit,
 * publish, reorder and delete (services/portfolio.ts).
 */
export function projectRoutes(ctx: Pick<RouteContext, 'portfolio' | 'sessions'>): Router {
  const router = Router();
  const { portfolio, sessions } = ctx;

  router.get('/projects', async (_req, res) => {
    res.json(await portfolio.published());
  });

  router.get('/projects/all', sessions.requireAdmin, async (_req, res) => {
    res.json(await portfolio.all());
  });

  router.get('/projects/:slug', async (req, res) => {
    res.json(await portfolio.publishedBySlug(String(req.params.slug)));
  });

  router.post('/projects', sessions.requireAdmin, async (req, res) => {
    const input = parse(projectInputSchema, body(req));
    res.status(201).json(await portfolio.create(input, { from: req, actor: signedIn(res).user }));
  });

  router.put('/projects/:id', sessions.requireAdmin, async (req, res) => {
    const readInput = () => parse(projectInputSchema, body(req));
    res.json(await portfolio.update(idParam(req), readInput, { from: req, actor: signedIn(res).user }));
  });

  router.delete('/projects/:id', sessions.requireAdmin, async (req, res) => {
    await portfolio.remove(idParam(req), { from: req, actor: signedIn(res).user });
    res.status(204).end();
  });

  router.patch('/projects/reorder', sessions.requireAdmin, async (req, res) => {
    const input = parse(projectReorderSchema, body(req));
    res.json(await portfolio.reorder(input, { from: req, actor: signedIn(res).user }));
  });

  return router;
}
