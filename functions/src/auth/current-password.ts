import { accountMessages } from '@site/domain';
import type { Request } from 'express';
import { tooManyRequestsMessage, type Limits } from '../http/rate-limit';
import { ForbiddenError, TooManyError } from '../ports/errors';
import type { UserRecord } from '../ports/store';
import type { AuditTrail } from '../services/audit';
import { clientKey } from '../services/client-address';
import { verifyPassword } from './passwords';

/**
 * The current password, asked again before any change of a second factor or the password:
 * a stolen session cookie alone changes nothing. Wrong ones are audited and limited per admin
 * (whatever addresses they come from) and per address (whatever admins they try).
 */
export class CurrentPassword {
  constructor(
    private readonly limits: Limits['currentPassword'],
    private readonly audit: AuditTrail,
  ) {}

  /** Throws 403 when `body.currentPassword` is missing or wrong, 429 after too many wrong ones. */
  async confirm(req: Request, user: UserRecord, body: unknown): Promise<void> {
    const given = (body as { currentPassword?: unknown } | undefined)?.currentPassword;
    if (typeof given !== 'string' || given.length === 0 || given.length > 1000) {
      throw new ForbiddenError(accountMessages.currentPasswordRequired, { currentPassword: accountMessages.currentPasswordRequired });
    }
    const accountKey = user.id;
    const address = clientKey(req);
    const wait = Math.max(await this.limits.perAccount.retryAfter(accountKey), await this.limits.perAddress.retryAfter(address));
    if (wait > 0) {
      await this.audit.refused(req, { id: user.id, username: user.username }, 429, 'too many wrong current passwords');
      throw new TooManyError(tooManyRequestsMessage, wait);
    }
    if (!(await verifyPassword(given, user.password))) {
      await Promise.all([this.limits.perAccount.failed(accountKey), this.limits.perAddress.failed(address)]);
      await this.audit.record(req, { id: user.id, username: user.username }, 'password.confirm_failed', {
        target: `${req.method} ${req.baseUrl}${req.path}`,
      });
      throw new ForbiddenError(accountMessages.currentPasswordWrong, { currentPassword: accountMessages.currentPasswordWrong });
    }
    await this.limits.perAccount.reset(accountKey);
  }
}
