import type { RequestHandler } from 'express';
import { clientCheckHeader, type ClientCheck } from '../ports/client-check';
import { HttpError } from './errors';

export const unverifiedClientMessage = 'This request could not be verified. Please reload the page and try again.';

/**
 * Guards the public POST routes (forms and visits) with the site's client check, when there
 * is one: a missing or invalid token is refused with 401 in `enforce` mode, and only logged
 * in `monitor` mode, which is how a new check is rolled out without turning real customers away.
 */
export function clientCheckGate(check: ClientCheck | undefined, log: (message: string) => void): RequestHandler {
  if (!check || check.mode === 'off') return (_req, _res, next) => next();
  return (req, _res, next) => {
    const token = req.get(clientCheckHeader);
    const verified = token ? check.verify(token).catch(() => false) : Promise.resolve(false);
    verified.then((ok) => {
      if (ok) return next();
      if (check.mode === 'monitor') {
        log(
          `client check: ${token ? 'an invalid' : 'no'} ${clientCheckHeader} token on ${req.method} ${req.baseUrl}${req.path} (monitor mode, let through)`,
        );
        return next();
      }
      next(new HttpError(401, unverifiedClientMessage));
    }, next);
  };
}
