import { sniffLength } from '@site/domain';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { newId, sha256 } from '../ids';
import { ForbiddenError, InvalidError, NotFoundError, type DomainError } from '../ports/errors';
import type { Collection, Where } from '../ports/store';

/** What an upload's request brings: its body, and the length it declares. */
export interface UploadBody {
  stream: Readable;
  declaredLength?: number;
}

/** A size a file may not pass while it streams in, and the refusal when it does. */
export interface SizeLimit {
  bytes: number;
  refusal: () => DomainError;
}

/**
 * What one kind of upload accepts (the admin's models, thumbnails and photos; customers'
 * photos and plans): the receiver streams every kind the same way and asks its policy.
 */
export interface UploadPolicy<Accepted> {
  /** The type a file's first bytes make it (`sniffLength` of them, fewer for a shorter file), or why it is refused. */
  judge(head: Buffer): Accepted | DomainError;
  /** The sizes a file stays within, given its type once known (null before): the first passed refuses it. */
  limits(accepted: Accepted | null): readonly SizeLimit[];
  /** The refusal of an empty body. */
  empty(): DomainError;
  /** A check of the file's last `length` bytes once it has all arrived (a PDF ends with `%%EOF`). */
  tail?: { length: number; check(accepted: Accepted, tail: Buffer): DomainError | null };
}

/** A file received in full into the staging folder; it is deleted when the receiver's callback ends. */
export interface StagedUpload<Accepted> {
  path: string;
  accepted: Accepted;
  size: number;
}

interface Ticket {
  id: string;
  used: boolean;
  expiresAt: string;
}

/**
 * Takes a single-use upload URL's ticket: a URL is consumed here, before a byte is read,
 * whatever happens next. 404 for an unknown URL, 403 for an expired or used one.
 */
export async function takeTicket<T extends Ticket>(tickets: Collection<T>, token: string, now: Date): Promise<T> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundError('Upload URL not found');
  const id = sha256(token);
  const ticket = await tickets.get(id);
  if (!ticket) throw new NotFoundError('Upload URL not found');
  if (ticket.expiresAt <= now.toISOString()) throw new ForbiddenError('Upload URL has expired');
  // The field types are those of every ticket record: `updateIf` cannot see it through the generic.
  const consumed = await tickets.updateIf(id, { used: false } as Where<T>, { used: true } as Partial<Omit<T, 'id'>>);
  if (!consumed) throw new ForbiddenError('Upload URL has already been used');
  return ticket;
}

/** Refuses a body whose declared length already passes a limit, before any byte is read. Answers the length when it is usable. */
export function checkDeclaredLength<Accepted>(policy: UploadPolicy<Accepted>, declared: number | undefined): number | undefined {
  if (declared === undefined || !Number.isFinite(declared) || declared < 0) return undefined;
  const passed = policy.limits(null).find((limit) => declared > limit.bytes);
  if (passed) throw passed.refusal();
  return declared;
}

/** The most bytes a file of this policy may have before its type is known: what to hold room for. */
export const sizeCeiling = <Accepted>(policy: UploadPolicy<Accepted>): number =>
  Math.min(...policy.limits(null).map((limit) => limit.bytes));

/**
 * Deletes, with `remove`, every upload of `uploads` still unattached and made before `cutoff`
 * (files nobody saved on a model, project or lead); answers how many went.
 */
export async function sweepUnattached<T extends { id: string; attached: boolean; createdAt: string }>(
  uploads: Collection<T>,
  cutoff: string,
  remove: (record: T) => Promise<void>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    // Each page's records are gone once removed, so the next read starts from the front again.
    const page = await uploads.find({
      where: { attached: false } as Where<T>,
      orderBy: 'createdAt' as keyof T & string,
      direction: 'asc',
      lessThan: cutoff,
      limit: 100,
    });
    for (const record of page.items) {
      await remove(record);
      removed++;
    }
    if (!page.next) return removed;
  }
}

/**
 * Streams an upload into the staging folder while checking it: its type by its first bytes,
 * its size against the policy's limits as it arrives, its last bytes at the end. A refused
 * file stops being written at once (the rest of the body is read and dropped, so the client
 * gets the answer). `keep` moves the staged file where it belongs; the staged copy is
 * deleted afterwards, whether `keep` succeeds or not.
 */
export async function receiveUpload<Accepted, Kept>(
  stagingDir: string,
  body: UploadBody,
  policy: UploadPolicy<Accepted>,
  keep: (staged: StagedUpload<Accepted>) => Promise<Kept>,
): Promise<Kept> {
  const path = join(stagingDir, `${newId()}.part`);
  try {
    const { accepted, size } = await stage(body.stream, path, policy);
    return await keep({ path, accepted, size });
  } finally {
    await rm(path, { force: true });
  }
}

const isRefusal = <Accepted>(judged: Accepted | DomainError): judged is DomainError => judged instanceof Error;

function stage<Accepted>(req: Readable, path: string, policy: UploadPolicy<Accepted>): Promise<{ accepted: Accepted; size: number }> {
  const tailLength = policy.tail?.length ?? 0;
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path, { flags: 'wx' });
    let head: Buffer = Buffer.alloc(0);
    let tail: Buffer = Buffer.alloc(0);
    let accepted: Accepted | null = null;
    let size = 0;
    let failed = false;

    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe();
      req.off('data', onData);
      // Keep reading (and discarding) so the client receives the answer.
      req.resume();
      // Answer once the file is closed: its open may still be under way, and the caller
      // deletes the file next, which must not run before the open creates it.
      out.once('close', () => reject(error));
      out.destroy();
    };
    /** Judges the head; false when that refused the file. */
    const judge = (): boolean => {
      const judged = policy.judge(head);
      if (isRefusal(judged)) {
        fail(judged);
        return false;
      }
      accepted = judged;
      return true;
    };
    /** Checks the size so far; false when that refused the file. */
    const withinLimits = (): boolean => {
      const passed = policy.limits(accepted).find((limit) => size > limit.bytes);
      if (passed) fail(passed.refusal());
      return !passed;
    };

    const onData = (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (accepted === null) {
        head = Buffer.concat([head, chunk.subarray(0, sniffLength)]).subarray(0, sniffLength);
        if (head.length >= sniffLength && !judge()) return;
      }
      if (!withinLimits()) return;
      if (tailLength) {
        tail = chunk.length >= tailLength ? chunk.subarray(chunk.length - tailLength) : Buffer.concat([tail, chunk]).subarray(-tailLength);
      }
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    };

    req.on('data', onData);
    req.once('error', (error) => fail(error));
    req.once('aborted', () => fail(new InvalidError('Upload aborted')));
    req.once('end', () => {
      if (failed) return;
      if (size === 0) return fail(policy.empty());
      // Fewer bytes than sniffLength: judge what arrived.
      if (accepted === null && (!judge() || !withinLimits())) return;
      const done = accepted as Accepted;
      const refusal = policy.tail?.check(done, tail);
      if (refusal) return fail(refusal);
      out.end(() => resolve({ accepted: done, size }));
    });
    out.once('error', (error) => fail(error));
  });
}
