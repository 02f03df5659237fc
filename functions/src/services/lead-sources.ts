import {
  channelOf,
  leadChannels,
  leadStatuses,
  type Inquiry,
  type LeadChannel,
  type LeadSourceFigures,
  type LeadSourcesReport,
  type LeadStatus,
  type QuoteRequest,
} from '@site/domain';
import type { Collection, Store, Where } from '../ports/store';

/**
 * Leads read per kind for the campaigns, newest first: bounds a period's reads however busy it
 * was (counts per channel stay exact; only the campaign table can be partial, and says so).
 */
export const campaignLeadsMax = 5000;
const pageSize = 500;

const empty = (): LeadSourceFigures => ({ leads: 0, quoted: 0, won: 0 });
const add = (figures: LeadSourceFigures, status: LeadStatus, count: number) => {
  figures.leads += count;
  if (status === 'quoted' || status === 'won') figures.quoted += count;
  if (status === 'won') figures.won += count;
};

/** Leads, quoted and won per channel and per campaign over a period (the dashboard's Sources tab). */
export async function leadSourcesReport(store: Store, from: Date, to: Date): Promise<LeadSourcesReport> {
  const range = { field: 'createdAt', from: from.toISOString(), to: to.toISOString() } as const;

  const channels = new Map<LeadChannel, LeadSourceFigures>(leadChannels.map((channel) => [channel, empty()]));
  const tagged = leadChannels.filter((channel) => channel !== 'Direct');
  const countKind = async <T extends Inquiry | QuoteRequest>(collection: Collection<T>) => {
    // Count queries only: every status over the period, and every status of each channel but Direct.
    // Direct is the rest, which also counts leads stored before channels (without the field,
    // which an equality filter would miss).
    await Promise.all(
      leadStatuses.map(async (status) => {
        const [all, ...perChannel] = await Promise.all([
          collection.count({ status } as Where<T>, range),
          ...tagged.map((channel) => collection.count({ channel, status } as Where<T>, range)),
        ]);
        tagged.forEach((channel, i) => add(channels.get(channel)!, status, perChannel[i]));
        add(channels.get('Direct')!, status, all - perChannel.reduce((sum, n) => sum + n, 0));
      }),
    );
  };

  const campaigns = new Map<string, LeadSourcesReport['campaigns'][number]>();
  let read = 0;
  let complete = true;
  const readCampaigns = async <T extends Inquiry | QuoteRequest>(collection: Collection<T>) => {
    let after: string | undefined;
    let kindRead = 0;
    do {
      const page = await collection.find({
        orderBy: 'createdAt',
        direction: 'desc',
        atLeast: range.from,
        lessThan: range.to,
        limit: Math.min(pageSize, campaignLeadsMax - kindRead),
        after,
      });
      kindRead += page.items.length;
      for (const lead of page.items) {
        const campaign = lead.source?.utmCampaign;
        if (!campaign) continue;
        const channel = channelOf(lead);
        const key = `${channel}\n${campaign}`;
        let entry = campaigns.get(key);
        if (!entry) campaigns.set(key, (entry = { channel, campaign, ...empty() }));
        add(entry, lead.status, 1);
      }
      after = page.next;
    } while (after && kindRead < campaignLeadsMax);
    read += kindRead;
    if (after) complete = false;
  };

  await Promise.all([countKind(store.inquiries), countKind(store.quotes), readCampaigns(store.inquiries), readCampaigns(store.quotes)]);
  const report: LeadSourcesReport = {
    from: range.from,
    to: range.to,
    channels: leadChannels.map((channel) => ({ channel, ...channels.get(channel)! })),
    campaigns: [...campaigns.values()].sort((a, b) => b.leads - a.leads || b.won - a.won || a.campaign.localeCompare(b.campaign)),
    campaignLeadsRead: read,
    campaignsComplete: complete,
  };
  return report;
}
