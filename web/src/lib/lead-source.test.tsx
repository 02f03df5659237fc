import { afterEach, describe, expect, test } from 'vitest';
import { captureLeadSource, leadSource } from './lead-source';

const arriveFrom = (referrer: string, path: string) => {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  window.history.pushState({}, '', path);
};

describe('the lead source a browsing session keeps', () => {
  afterEach(() => {
    sessionStorage.clear();
    arriveFrom('', '/');
  });

  test('keeps the first page’s campaign tags, click ids, other site and landing path, and nothing of later pages', async () => {
    arriveFrom(
      'https://www.google.com.au/search?q=kitchens',
      '/services?utm_source=google&utm_medium=cpc&utm_campaign=spring-kitchens&gclid=abc&other=1',
    );
    const reading = captureLeadSource();
    // The visitor moves on before the reader of tags has loaded: the first page still counts.
    arriveFrom('https://www.facebook.com/', '/gallery?utm_source=facebook');
    await captureLeadSource();
    await reading;
    expect(leadSource()).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring-kitchens',
      gclid: 'abc',
      referrerHost: 'www.google.com.au',
      landingPage: '/services',
    });
  });

  test('a first page left before the reader of tags loaded has its tags read on the next page', async () => {
    // What the first page kept at once, as if it unloaded then (a link followed before the site's script took over).
    arriveFrom('', '/?utm_source=google&utm_medium=cpc&gclid=abc');
    sessionStorage.setItem('lead-source', JSON.stringify({ landingPage: '/' }));
    sessionStorage.setItem(
      'lead-source-arrival',
      JSON.stringify({ search: location.search, referrer: '', pathname: '/', hostname: location.hostname }),
    );
    arriveFrom('', '/services');
    await captureLeadSource();
    expect(leadSource()).toEqual({ utmSource: 'google', utmMedium: 'cpc', gclid: 'abc', landingPage: '/' });
    expect(sessionStorage.getItem('lead-source-arrival')).toBeNull();
  });

  test('leaves out this site as a referrer, and tidies tags the server would refuse', async () => {
    arriveFrom(`${location.origin}/gallery`, `/?utm_campaign=${encodeURIComponent('spring\nkitchens')}&utm_term=${'x'.repeat(300)}`);
    await captureLeadSource();
    expect(leadSource()).toEqual({ utmCampaign: 'spring kitchens', utmTerm: 'x'.repeat(200), landingPage: '/' });
  });

  test('is nothing before the first page', () => {
    expect(leadSource()).toBeUndefined();
  });

  test('keeps the landing page of a visit typed in, at once', () => {
    arriveFrom('', '/gallery');
    void captureLeadSource();
    expect(leadSource()).toEqual({ landingPage: '/gallery' });
  });
});
