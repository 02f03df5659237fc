import { addBusinessHours, type BusinessHours } from '@site/domain/business-hours';
import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { tables } from '#functions/ports/schema.ts';
import { searchTokens } from '#functions/ports/search.ts';

/** Records that the backfill ran, so the daily job reads every lead once, not every day. */
const markerPath = 'schema_migrations/lead-progress';
const pageSize = 300;

/**
 * Gives inquiries and quote requests stored before leads had a status their `status`,
 * `history`, `updatedAt` and search tokens. Reads already show such a document as `new`, but Firestore's
 * filters skip a document that lacks the field: without this the `?status=new` list, the
 * waiting count, every search and the dashboards' listeners (ordered by `updatedAt`) would
 * miss it. Runs in the maintenance job until it has
 * finished once; a lead written meanwhile already has its fields and is left alone.
 * Returns how many documents it updated.
 */
export async function backfillLeadProgress(db: Firestore): Promise<number> {
  const marker = db.doc(markerPath);
  if ((await marker.get()).exists) return 0;
  let updated = 0;
  for (const spec of [tables.inquiries, tables.quotes]) {
    let last: DocumentSnapshot | undefined;
    for (;;) {
      let query = db.collection(spec.name).orderBy(FieldPath.documentId()).limit(pageSize);
      if (last) query = query.startAfter(last);
      const page = await query.get();
      if (page.empty) break;
      for (const doc of page.docs) {
        if (Array.isArray(doc.get('searchTokens'))) continue;
        const data = doc.data();
        try {
          // Only if nobody wrote the lead since it was read (a status change must not be overwritten).
          await doc.ref.update(
            {
              status: data.status ?? 'new',
              history: data.history ?? [],
              updatedAt: data.updatedAt ?? data.createdAt,
              searchTokens: searchTokens(spec.search, data),
            },
            { lastUpdateTime: doc.updateTime },
          );
          updated += 1;
        } catch (error) {
          // Changed or deleted meanwhile: the next run reads it again.
          if ((error as { code?: unknown }).code !== 9 && (error as { code?: unknown }).code !== 5) throw error;
          return updated;
        }
      }
      last = page.docs[page.docs.length - 1];
    }
  }
  await marker.set({ doneAt: new Date().toISOString() });
  return updated;
}

/**
 * Models stored before optimisation lack `processing`: reads show them as `pending`, but the
 * optimisation trigger runs on a write. Writing their pending state (with their upload as
 * their original) starts it. Returns how many models it updated.
 */
export async function backfillModelProcessing(db: Firestore): Promise<number> {
  const page = await db.collection(tables.models.name).limit(1000).get();
  let updated = 0;
  for (const doc of page.docs) {
    if (typeof doc.get('processing') === 'string') continue;
    const modelUrl: unknown = doc.get('modelUrl');
    if (typeof modelUrl !== 'string') continue;
    await doc.ref.update({
      processing: 'pending',
      originalUrl: modelUrl,
      variants: doc.get('variants') ?? [],
      hotspots: doc.get('hotspots') ?? [],
    });
    updated += 1;
  }
  return updated;
}

/** Records that the follow-up backfill ran. */
const followUpMarkerPath = 'schema_migrations/follow-up';

/**
 * Gives inquiries and quote requests that were new before follow-up reminders existed their
 * due time (`followUpDueAt`, from their arrival and these settings) and `followUp: 'pending'`,
 * as the SQLite migration does, so each gets its one reminder and counts as overdue. Runs
 * before the scheduled reminders until it has finished once (one read a run afterwards); a
 * lead changed meanwhile is left for the next run. Returns how many leads it updated.
 */
export async function backfillFollowUp(db: Firestore, settings: { afterHours: number; businessHours: BusinessHours }): Promise<number> {
  const marker = db.doc(followUpMarkerPath);
  if ((await marker.get()).exists) return 0;
  let updated = 0;
  for (const spec of [tables.inquiries, tables.quotes]) {
    let last: DocumentSnapshot | undefined;
    for (;;) {
      let query = db.collection(spec.name).where('status', '==', 'new').orderBy(FieldPath.documentId()).limit(pageSize);
      if (last) query = query.startAfter(last);
      const page = await query.get();
      if (page.empty) break;
      for (const doc of page.docs) {
        const createdAt: unknown = doc.get('createdAt');
        if (doc.get('followUp') !== undefined || typeof createdAt !== 'string') continue;
        const followUpDueAt = addBusinessHours(new Date(createdAt), settings.afterHours, settings.businessHours).toISOString();
        try {
          await doc.ref.update({ followUpDueAt, followUp: 'pending' }, { lastUpdateTime: doc.updateTime });
          updated += 1;
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (code !== 9 && code !== 5) throw error;
          return updated;
        }
      }
      last = page.docs[page.docs.length - 1];
    }
  }
  await marker.set({ doneAt: new Date().toISOString() });
  return updated;
}
