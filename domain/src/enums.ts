/** Enumerated values with their labels, each defined once. */

// On their own so that the public pages' first script can draw the wizard's first step with
// them and nothing else of this module.
export * from './inquiry-rooms';

/** The wizard offers the first three; 50000+ exists for records and is labelled in admin. */
export const budgets = ['5000-15000', '15000-30000', '30000-50000', '50000+'] as const;
export type Budget = (typeof budgets)[number];
export const wizardBudgets = ['5000-15000', '15000-30000', '30000-50000'] as const satisfies readonly Budget[];
export const budgetLabels: Record<Budget, string> = {
  '5000-15000': '$5,000 - $15,000',
  '15000-30000': '$15,000 - $30,000',
  '30000-50000': '$30,000 - $50,000',
  '50000+': '$50,000+',
};

export const timelines = ['asap', '1-month', '3-months', '6-months'] as const;
export type Timeline = (typeof timelines)[number];
export const timelineLabels: Record<Timeline, string> = {
  asap: 'As soon as possible',
  '1-month': 'In the next month',
  '3-months': 'Next 3 months',
  '6-months': 'Next 6 months',
};

/**
 * Where staff are with a lead (an inquiry or a quote request). Every lead starts `new`;
 * leaving `new` for the first time is when the customer was first contacted.
 */
export const leadStatuses = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** Quote request rooms are capitalised. */
export const quoteRooms = ['Kitchen', 'Bathroom', 'Laundry', 'Wardrobe', 'Study'] as const;
export type QuoteRoom = (typeof quoteRooms)[number];

export const galleryCategories = ['Kitchen', 'Wardrobe', 'Entertainment'] as const;
export type GalleryCategory = (typeof galleryCategories)[number];

/** Collections (Firestore) and tables (SQLite), named as in the specification. */
export const collections = {
  users: 'users',
  sessions: 'sessions',
  inquiries: 'project_inquiries',
  quotes: 'quote_requests',
  reviews: 'reviews',
  visitors: 'visitor_tracking',
  models: 'models_3d',
  objects: 'stored_objects',
  uploadTickets: 'upload_tickets',
} as const;

/** The collections whose changes reach the admin dashboard live. */
export const liveCollections = [
  'project_inquiries',
  'quote_requests',
  'reviews',
  'visitor_tracking',
  'models_3d',
  'projects',
  'bookings',
  'booking_blocks',
] as const;
export type LiveCollection = (typeof liveCollections)[number];
export type ChangeOp = 'create' | 'update' | 'delete';
export interface ChangeEvent {
  collection: LiveCollection;
  op: ChangeOp;
  id: string;
}
