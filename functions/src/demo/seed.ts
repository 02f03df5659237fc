import {
  budgets,
  inquiryRooms,
  newLeadProgress,
  quoteRooms,
  timelines,
  type Inquiry,
  type LeadHistoryEntry,
  type LeadProgress,
  type QuoteRequest,
  type Review,
  type Visitor,
} from '@site/domain';
import { defaultBusinessHours, defaultFollowUpAfterHours } from '@site/domain/business-hours';
import { newId } from '../ids';
import type { ObjectStore } from '../ports/object-store';
import { ConflictError } from '../ports/errors';
import type { Store } from '../ports/store';
import { newLeadFollowUp } from '../services/follow-up';
import { visitorDay } from '../services/unique-visitors';
import { seedSampleModels } from './models/seed-models';
import { seedSampleProjects } from './projects';

/**
 * Demo content for `npm run demo` only. Every person is called "Demo ..." and every review
 * says it is a demo, so nobody mistakes it for real customers. `npm start` never seeds.
 */
const people = [
  ['Olivia', 'Nguyen', 'Richmond'],
  ['Jack', 'Papadopoulos', 'Brunswick'],
  ['Charlotte', 'Smith', 'Camberwell'],
  ['William', 'Chen', 'Glen Waverley'],
  ['Amelia', 'Rossi', 'Essendon'],
  ['Noah', 'Kelly', 'Frankston'],
  ['Isla', 'Singh', 'Point Cook'],
  ['Leo', 'Murphy', 'Doncaster'],
] as const;

const reviewTexts = [
  'Demo review: the new kitchen came together exactly as drawn, and the team left the site spotless each day.',
  'Demo review: our bathroom renovation finished on time, and the tiling is beautiful.',
  'Demo review: clear quote, no surprises, and the built-in wardrobe uses every centimetre.',
  'Demo review: the laundry fitout made a small space work far better than we hoped.',
  'Demo review: great communication from design through to installation.',
];

const pages = ['/', '/', '/', '/services', '/gallery', '/about', '/virtual-showroom', '/projects/hawthorn-family-kitchen'];
const agents = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
];

const ago = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();

/** Some demo leads are new, others were contacted a few hours after they arrived, some quoted. */
function demoProgress(i: number, hoursAgo: number): LeadProgress {
  if (i % 3 === 0 || hoursAgo < 6) {
    // Due their follow-up as a lead arriving then would be with the default hours: the older ones show Overdue.
    const followUp = newLeadFollowUp(new Date(ago(hoursAgo)), {
      afterHours: defaultFollowUpAfterHours,
      businessHours: defaultBusinessHours,
    });
    return { ...newLeadProgress(ago(hoursAgo)), ...followUp };
  }
  const contactedAt = ago(hoursAgo - 2 - (i % 4));
  const history: LeadHistoryEntry[] = [{ at: contactedAt, by: 'demo', status: 'contacted', note: 'Demo: called, site visit booked' }];
  if (i % 3 === 2) history.push({ at: ago(hoursAgo - 5), by: 'demo', status: 'quoted' });
  return {
    status: history[history.length - 1].status ?? 'contacted',
    history,
    firstContactAt: contactedAt,
    updatedAt: history[history.length - 1].at,
  };
}

/** Fills an empty data folder with demo content; returns false when there is data already. */
export async function seedDemo(store: Store, objects: ObjectStore | null, options: { fullPhotos?: boolean } = {}): Promise<boolean> {
  if ((await store.inquiries.count()) > 0 || (await store.reviews.count()) > 0) return false;

  for (const [i, [first, last]] of people.entries()) {
    const inquiry: Inquiry = {
      id: newId(),
      rooms: [inquiryRooms[i % inquiryRooms.length], ...(i % 3 === 0 ? [inquiryRooms[(i + 1) % inquiryRooms.length]] : [])],
      budget: budgets[i % budgets.length],
      timeline: timelines[i % timelines.length],
      firstName: `Demo ${first}`,
      lastName: last,
      email: `demo.${first.toLowerCase()}@example.com`,
      phone: `0400 000 ${String(100 + i).padStart(3, '0')}`,
      ...demoProgress(i, i * 19 + 2),
      createdAt: ago(i * 19 + 2),
    };
    await store.inquiries.insert(inquiry);
  }

  for (const [i, [first, last, suburb]] of people.slice(0, 5).entries()) {
    const quote: QuoteRequest = {
      id: newId(),
      firstName: `Demo ${first}`,
      lastName: last,
      email: `demo.${first.toLowerCase()}@example.com`,
      suburb,
      room: quoteRooms[i % quoteRooms.length],
      ...demoProgress(i + 1, i * 31 + 5),
      createdAt: ago(i * 31 + 5),
    };
    await store.quotes.insert(quote);
  }

  for (const [i, text] of reviewTexts.entries()) {
    const [first, last] = people[i];
    const review: Review = {
      id: newId(),
      customerName: `Demo ${first} ${last[0]}.`,
      rating: i === 3 ? 4 : 5,
      reviewText: text,
      ...(i % 2 === 0 ? { email: `demo.${first.toLowerCase()}@example.com` } : {}),
      approved: i < 4,
      verified: false,
      createdAt: ago(i * 200 + 24),
    };
    await store.reviews.insert(review);
  }

  for (let i = 0; i < 240; i++) {
    const visit: Visitor = {
      id: newId(),
      page: pages[i % pages.length],
      userAgent: agents[i % agents.length],
      ipAddress: `203.0.113.${(i * 7) % 250}`,
      visitedAt: ago((i * 2.9) % (29 * 24)),
      // Thirty made-up visitors (no salt to hide: these are not people), each counted once a day as real ones are.
      visitorKey: `demo-visitor-${i % 30}`,
    };
    await store.visitors.insert(visit);
    const day = visitorDay(new Date(visit.visitedAt));
    try {
      await store.visitorDays.insert({ id: `${day}_${visit.visitorKey}`, day, createdAt: visit.visitedAt });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  // The showroom's sample models (functions/src/demo/models) and the portfolio's projects,
  // uploaded like the admin's own; none where there is nowhere to store their files (the
  // Firebase emulators without Storage).
  if (objects) {
    await seedSampleModels(store, objects);
    await seedSampleProjects(store, objects, options);
  }
  return true;
}
