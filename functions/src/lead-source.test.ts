/** The domain's lead sources (domain/src/lead-source.ts), tested here: domain/ depends on zod alone, not on a test runner. */
import { describe, expect, it } from 'vitest';
import { deriveChannel, leadSourceSchema, sourceSummary, type LeadSource } from '@site/domain';

describe('deriveChannel', () => {
  const cases: Array<[string, LeadSource | undefined, string]> = [
    ['no source at all', undefined, 'Direct'],
    ['an empty source', {}, 'Direct'],
    ['only a landing page', { landingPage: '/services' }, 'Direct'],
    ['a Google Ads click id', { gclid: 'abc', landingPage: '/' }, 'Paid search'],
    ['a Microsoft Ads click id', { msclkid: 'xyz' }, 'Paid search'],
    ['google / cpc', { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens' }, 'Paid search'],
    ['bing / PPC in capitals', { utmSource: 'bing', utmMedium: 'PPC' }, 'Paid search'],
    ['a paid search medium', { utmSource: 'google', utmMedium: 'paid_search' }, 'Paid search'],
    ['facebook / cpc', { utmSource: 'facebook', utmMedium: 'cpc' }, 'Paid social'],
    ['instagram / paid', { utmSource: 'instagram', utmMedium: 'paid' }, 'Paid social'],
    ['a Facebook click id with a paid medium', { fbclid: 'fb1', utmMedium: 'cpc' }, 'Paid social'],
    ['a paid social medium from anywhere', { utmSource: 'meta', utmMedium: 'paid-social' }, 'Paid social'],
    ['a paid medium from a social referrer', { utmMedium: 'cpc', referrerHost: 'l.facebook.com' }, 'Paid social'],
    ['an email', { utmSource: 'mailchimp', utmMedium: 'email' }, 'Email'],
    ['a newsletter', { utmSource: 'spring', utmMedium: 'Newsletter' }, 'Email'],
    ['a social medium', { utmSource: 'community', utmMedium: 'social' }, 'Social'],
    ['a social source without medium', { utmSource: 'linkedin' }, 'Social'],
    ['a Facebook click id alone', { fbclid: 'fb1' }, 'Social'],
    ['a Facebook referrer', { referrerHost: 'm.facebook.com' }, 'Social'],
    ['an Instagram referrer', { referrerHost: 'www.instagram.com' }, 'Social'],
    ['Pinterest', { referrerHost: 'au.pinterest.com' }, 'Social'],
    ['YouTube', { referrerHost: 'www.youtube.com' }, 'Social'],
    ['TikTok', { referrerHost: 'www.tiktok.com' }, 'Social'],
    ['X', { referrerHost: 'x.com' }, 'Social'],
    ['Twitter', { referrerHost: 'twitter.com' }, 'Social'],
    ["Twitter's link shortener", { referrerHost: 't.co' }, 'Social'],
    ['Reddit', { referrerHost: 'old.reddit.com' }, 'Social'],
    ['Google search', { referrerHost: 'www.google.com.au' }, 'Organic search'],
    ['Bing', { referrerHost: 'www.bing.com' }, 'Organic search'],
    ['DuckDuckGo', { referrerHost: 'duckduckgo.com' }, 'Organic search'],
    ['Yahoo', { referrerHost: 'au.search.yahoo.com' }, 'Organic search'],
    ['Ecosia', { referrerHost: 'www.ecosia.org' }, 'Organic search'],
    ['Baidu', { referrerHost: 'www.baidu.com' }, 'Organic search'],
    ['Yandex', { referrerHost: 'yandex.ru' }, 'Organic search'],
    ['an organic medium', { utmSource: 'google', utmMedium: 'organic' }, 'Organic search'],
    ['another site', { referrerHost: 'www.houzz.com.au', landingPage: '/gallery' }, 'Referral'],
    ['a site whose name only contains a network', { referrerHost: 'notfacebook.example' }, 'Referral'],
    ['a tagged link from a partner', { utmSource: 'hia-directory', utmMedium: 'listing' }, 'Referral'],
  ];
  it.each(cases)('%s', (_, source, channel) => {
    expect(deriveChannel(source)).toBe(channel);
  });
});

describe('leadSourceSchema', () => {
  it('keeps what it knows, lower-cases the host and drops keys it does not know', () => {
    const parsed = leadSourceSchema.parse({
      utmSource: ' google ',
      referrerHost: 'WWW.Google.COM',
      landingPage: '/services',
      colour: 'blue',
    });
    expect(parsed).toEqual({ utmSource: 'google', referrerHost: 'www.google.com', landingPage: '/services' });
  });

  it('refuses values of more than one line, with control characters, too long, or not what they say', () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ utmCampaign: 'a\nb' }, 'utmCampaign'],
      [{ utmSource: 'a\u0007b' }, 'utmSource'],
      [{ utmTerm: 'x'.repeat(201) }, 'utmTerm'],
      [{ gclid: '' }, 'gclid'],
      [{ utmMedium: 42 }, 'utmMedium'],
      [{ referrerHost: 'https://evil.example/' }, 'referrerHost'],
      [{ referrerHost: `${'a'.repeat(250)}.com` }, 'referrerHost'],
      [{ landingPage: 'services' }, 'landingPage'],
      [{ landingPage: `/${'p'.repeat(512)}` }, 'landingPage'],
    ];
    for (const [input, field] of refused) {
      const result = leadSourceSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues[0].path, JSON.stringify(input)).toEqual([field]);
    }
    expect(leadSourceSchema.safeParse({ utmTerm: 'x'.repeat(200) }).success).toBe(true);
  });
});

describe('sourceSummary', () => {
  it('reads channel, source / medium and campaign, the referring site without tags, and Direct for a lead from before', () => {
    expect(
      sourceSummary({
        channel: 'Paid search',
        source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens', gclid: 'a' },
      }),
    ).toBe('Paid search · google / cpc · spring-kitchens');
    expect(sourceSummary({ channel: 'Referral', source: { referrerHost: 'www.houzz.com.au', landingPage: '/gallery' } })).toBe(
      'Referral · www.houzz.com.au',
    );
    expect(sourceSummary({ channel: 'Email', source: { utmMedium: 'email' } })).toBe('Email · email');
    expect(sourceSummary({})).toBe('Direct');
  });
});
