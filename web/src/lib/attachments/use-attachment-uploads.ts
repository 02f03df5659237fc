import { useEffect, useState, useSyncExternalStore } from 'react';
import { AttachmentUploads } from './attachment-uploads';

/** A form's attachments: the store (to add, remove, retry and finish) and its current state. */
export function useAttachmentUploads() {
  const [uploads] = useState(() => new AttachmentUploads());
  const state = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot, uploads.getSnapshot);
  // Leaving the page stops the uploads and releases the previews.
  useEffect(() => () => uploads.clear(), [uploads]);
  return { uploads, state };
}
