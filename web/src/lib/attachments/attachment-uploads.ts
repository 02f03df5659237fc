import { attachmentLimits, attachmentMessages, type AttachmentKind, type AttachmentRef } from '@site/domain';
import { UploadCancelled } from '../uploads/upload-file';
import { checkAttachment } from './check-file';
import { sendAttachment, uploadErrorText, type SendAttachment } from './upload-attachment';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

/** A chosen file on its way to the server, or there. */
export interface AttachmentItem {
  key: string;
  name: string;
  size: number;
  kind: AttachmentKind;
  /** An object URL of a chosen photo, for its preview; none for a PDF. */
  preview?: string;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  error?: string;
  /** Once uploaded: the reference the form sends. */
  url?: string;
}

/** A chosen file refused before uploading (type, size, HEIC), with the reason. */
export interface Refusal {
  key: string;
  name: string;
  message: string;
}

export interface UploadsState {
  items: AttachmentItem[];
  /** The last pick's refused files. */
  refusals: Refusal[];
  /** Said when a pick held more files than were left to add. */
  notice?: string;
  /** Said when the form was sent with files that did not upload. */
  problem?: string;
  /** Whether the form waits for the uploads still running. */
  waiting: boolean;
}

/** What `finish()` gives the form: the files to send, or why it must not send yet. */
export type Finished = { refs: AttachmentRef[] } | { failed: true } | { cancelled: true };

export const attachmentProblem = 'Some files did not upload. Please try them again or remove them, then send.';

/** How many files upload at the same time: enough to fill a phone's upload, few enough to show steady progress. */
export const concurrentUploads = 3;

/** Files still waiting or uploading. */
export const pendingCount = (state: UploadsState) =>
  state.items.filter((item) => item.status === 'waiting' || item.status === 'uploading').length;

const emptyState: UploadsState = { items: [], refusals: [], waiting: false };

let nextKey = 0;

/**
 * The files a customer attaches to a form. Each accepted file starts uploading as soon as it
 * is picked (at most three at once), so that by the time the form is filled in most are
 * there; `finish()` waits only for the ones still running. A store for useSyncExternalStore,
 * so that the form and its picker read the same list.
 */
export class AttachmentUploads {
  private state: UploadsState = emptyState;
  private readonly files = new Map<string, File>();
  private readonly contentTypes = new Map<string, string>();
  private readonly running = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private readonly idle = new Set<() => void>();
  /** Bumped by clear(): work begun before it is dropped. */
  private generation = 0;

  constructor(
    private readonly send: SendAttachment = sendAttachment,
    private readonly concurrency = concurrentUploads,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.state;

  /** Files waiting or uploading. */
  get pending() {
    return pendingCount(this.state);
  }

  private set(change: (state: UploadsState) => UploadsState) {
    this.state = change(this.state);
    for (const listener of this.listeners) listener();
    if (this.pending === 0) {
      for (const resolve of this.idle) resolve();
      this.idle.clear();
    }
  }

  private update(key: string, change: Partial<AttachmentItem>) {
    this.set((state) => ({ ...state, items: state.items.map((item) => (item.key === key ? { ...item, ...change } : item)) }));
  }

  /** Checks the picked files, lists the good ones (up to the limit) and starts their uploads. */
  async add(files: File[]) {
    const generation = this.generation;
    const checked = await Promise.all(files.map(async (file) => ({ file, check: await checkAttachment(file) })));
    if (generation !== this.generation) return;
    const refusals: Refusal[] = [];
    const added: AttachmentItem[] = [];
    let room = attachmentLimits.maxFiles - this.state.items.length;
    let overflow = false;
    for (const { file, check } of checked) {
      const key = `attachment-${++nextKey}`;
      if (!check.ok) {
        refusals.push({ key, name: file.name, message: check.message });
        continue;
      }
      if (room <= 0) {
        overflow = true;
        continue;
      }
      room -= 1;
      this.files.set(key, file);
      this.contentTypes.set(key, check.contentType);
      added.push({
        key,
        name: file.name,
        size: file.size,
        kind: check.kind,
        preview: check.kind === 'photo' ? URL.createObjectURL(file) : undefined,
        status: 'waiting',
        progress: 0,
      });
    }
    this.set((state) => ({
      ...state,
      items: [...state.items, ...added],
      refusals,
      notice: overflow ? attachmentMessages.form.tooMany : undefined,
      problem: undefined,
    }));
    this.pump();
  }

  /** Takes a file off the list, stopping its upload. */
  remove(key: string) {
    this.running.get(key)?.abort();
    this.running.delete(key);
    const item = this.state.items.find((candidate) => candidate.key === key);
    if (item?.preview) URL.revokeObjectURL(item.preview);
    this.files.delete(key);
    this.contentTypes.delete(key);
    this.set((state) => {
      const items = state.items.filter((candidate) => candidate.key !== key);
      return {
        ...state,
        items,
        notice: undefined,
        problem: items.some((candidate) => candidate.status === 'failed') ? state.problem : undefined,
      };
    });
    this.pump();
  }

  /** Uploads a failed file again. */
  retry(key: string) {
    this.set((state) => {
      const items = state.items.map((item) =>
        item.key === key ? { ...item, status: 'waiting' as const, progress: 0, error: undefined } : item,
      );
      return { ...state, items, problem: items.some((item) => item.status === 'failed') ? state.problem : undefined };
    });
    this.pump();
  }

  /** Forgets everything (the form closed): running uploads stop and previews are released. */
  clear() {
    this.generation += 1;
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
    for (const item of this.state.items) if (item.preview) URL.revokeObjectURL(item.preview);
    this.files.clear();
    this.contentTypes.clear();
    this.set(() => emptyState);
  }

  /**
   * For sending the form: waits for the uploads still running, then gives the uploaded files'
   * references, or says that a failed file must be tried again or removed first.
   */
  async finish(): Promise<Finished> {
    const generation = this.generation;
    // A second send while the first waits (Enter in a field) is the same send.
    if (this.state.waiting) return { cancelled: true };
    if (this.pending > 0) {
      this.set((state) => ({ ...state, waiting: true, problem: undefined }));
      await new Promise<void>((resolve) => this.idle.add(resolve));
      if (generation !== this.generation) return { cancelled: true };
      this.set((state) => ({ ...state, waiting: false }));
    }
    if (this.state.items.some((item) => item.status === 'failed')) {
      this.set((state) => ({ ...state, problem: attachmentProblem }));
      return { failed: true };
    }
    return { refs: this.state.items.flatMap((item) => (item.url ? [{ url: item.url, name: item.name }] : [])) };
  }

  private pump() {
    const generation = this.generation;
    for (const item of this.state.items) {
      if (this.running.size >= this.concurrency) return;
      if (item.status !== 'waiting' || this.running.has(item.key)) continue;
      const file = this.files.get(item.key);
      const contentType = this.contentTypes.get(item.key);
      if (!file || !contentType) continue;
      const controller = new AbortController();
      this.running.set(item.key, controller);
      this.update(item.key, { status: 'uploading', progress: 0 });
      const key = item.key;
      this.send(file, contentType, {
        signal: controller.signal,
        // 100 % is shown once the server has answered, not when the last byte has left.
        onProgress: (fraction) => this.update(key, { progress: Math.min(fraction, 0.99) }),
      }).then(
        (uploaded) => {
          if (generation !== this.generation || !this.running.has(key)) return;
          this.running.delete(key);
          this.update(key, { status: 'done', progress: 1, url: uploaded.url, name: uploaded.name });
          this.pump();
        },
        (error: unknown) => {
          if (error instanceof UploadCancelled || generation !== this.generation || !this.running.has(key)) return;
          this.running.delete(key);
          this.update(key, { status: 'failed', progress: 0, error: uploadErrorText(error) });
          this.pump();
        },
      );
    }
  }
}
