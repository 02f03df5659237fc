/** Where a lead came from, as marketing reports it: exactly these, in this order. */
export const leadChannels = ['Paid search', 'Paid social', 'Organic search', 'Social', 'Email', 'Referral', 'Direct'] as const;
export type LeadChannel = (typeof leadChannels)[number];

export const sourceValueMaxLength = 200;
export const landingPageMaxLength = 512;

// C0 and C1 controls, DEL, line and paragraph separators, and text-direction controls: none belongs in a campaign tag.
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
export const sourceValueRefused = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Where a lead came from, as the browser read it from the landing address and the referrer
 * (`leadSourceSchema` checks it, and is typed to answer exactly this).
 */
export interface LeadSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  gclid?: string;
  fbclid?: string;
  msclkid?: string;
  /** The other site's host name the visitor came from (never this site's), lower case. */
  referrerHost?: string;
  /** The path the visit started on, without its query. */
  landingPage?: string;
}

export interface LeadOrigin {
  source?: LeadSource;
  /** Set on every lead since sources; a lead from before has none and is Direct (the stores read it so). */
  channel?: LeadChannel;
}

/** A lead's channel, Direct for one from before channels. */
export const channelOf = (lead: LeadOrigin): LeadChannel => lead.channel ?? 'Direct';

const searchEngines = new Set(['google', 'bing', 'duckduckgo', 'yahoo', 'ecosia', 'baidu', 'yandex']);
const socialNetworks = new Set([
  'facebook',
  'fb',
  'instagram',
  'ig',
  'linkedin',
  'lnkd',
  'pinterest',
  'youtube',
  'youtu',
  'tiktok',
  'twitter',
  'reddit',
]);
const paidMedia = new Set(['cpc', 'ppc', 'cpm', 'cpv', 'paid', 'paidsearch', 'paid-search', 'paid_search', 'paid search']);
const paidSocialMedia = new Set(['paidsocial', 'paid-social', 'paid_social', 'paid social']);
const emailMedia = new Set(['email', 'e-mail', 'newsletter']);
const socialMedia = new Set(['social', 'social-media', 'social_media', 'social media', 'social-network', 'sm']);

/** The labels of a host name (`l.facebook.com` → l, facebook, com). */
const labels = (host: string) => host.split('.');
const isSocialHost = (host: string) =>
  labels(host).some((label) => socialNetworks.has(label)) || host === 'x.com' || host.endsWith('.x.com') || host === 't.co';
const isSearchHost = (host: string) => labels(host).some((label) => searchEngines.has(label));
const isSocialName = (name: string) => socialNetworks.has(name) || name === 'x' || name === 't.co' || isSocialHost(name);
const isSearchName = (name: string) => searchEngines.has(name) || isSearchHost(name);

/**
 * The channel a lead came through, from what the browser kept: paid clicks first (a click id or
 * a paid medium), then email, social and search by their tags or the referring site; any other
 * tag or referring site is a referral, and nothing at all is Direct.
 */
export function deriveChannel(source: LeadSource | undefined): LeadChannel {
  if (!source) return 'Direct';
  const medium = source.utmMedium?.toLowerCase() ?? '';
  const name = source.utmSource?.toLowerCase() ?? '';
  const host = source.referrerHost?.toLowerCase() ?? '';
  const paidSocial = paidSocialMedia.has(medium);
  const paid = paidSocial || paidMedia.has(medium);
  const social = (name !== '' && isSocialName(name)) || (host !== '' && isSocialHost(host));
  if (source.gclid || source.msclkid) return 'Paid search';
  if (paidSocial || (paid && (social || source.fbclid))) return 'Paid social';
  if (paid) return 'Paid search';
  if (emailMedia.has(medium)) return 'Email';
  if (socialMedia.has(medium) || social || source.fbclid) return 'Social';
  if (medium === 'organic' || (host !== '' && isSearchHost(host)) || (name !== '' && !medium && isSearchName(name)))
    return 'Organic search';
  if (host || name || medium || source.utmCampaign) return 'Referral';
  return 'Direct';
}

/**
 * A lead's source for the lead card: "Paid search · google / cpc · spring-kitchens", or the
 * referring site where there are no tags ("Referral · www.houzz.com.au"), or only the channel.
 */
export function sourceSummary(lead: LeadOrigin): string {
  const { utmSource, utmMedium, utmCampaign, referrerHost } = lead.source ?? {};
  const from = [utmSource, utmMedium].filter(Boolean).join(' / ') || referrerHost;
  return [channelOf(lead), from, utmCampaign].filter(Boolean).join(' · ');
}
