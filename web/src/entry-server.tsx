/**
 * The prerender entry (docs/decisions/001-prerender.md): scripts/prerender.mjs calls render()
 * for each public route at build time and writes the result into dist.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { siteUrl } from './config/site-url';
import { paths, publicPaths } from './config/paths';

export { notFoundMarker } from './app/prerender-marker';
export { paths, publicPaths, siteUrl };

export interface RenderedPage {
  /** Tags for <head>: title, meta and link tags the page rendered, and its critical CSS. */
  head: string;
  /** The inner HTML of #root. */
  html: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Emotion's critical CSS for the rendered HTML, as the tags Emotion's browser cache adopts. */
function emotionStyleTags(cache: ReturnType<typeof createCache>, html: string): string {
  const used = new Set<string>();
  const pattern = new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g');
  for (const match of html.matchAll(pattern)) used.add(match[1]);
  const tags: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const registered = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (!registered) tags.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    else if (used.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  tags.push(`<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`);
  return tags.join('');
}

export async function render(url: string): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' });
  // Collect the styles instead of writing <style> tags in front of each element.
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <html lang="en-AU">
      <head />
      <body>
        <div id="root">
          <StrictMode>
            <CacheProvider value={cache}>
              <AppProviders>
                <StaticRouter location={url}>
                  <AppRoutes />
                </StaticRouter>
              </AppProviders>
            </CacheProvider>
          </StrictMode>
        </div>
      </body>
    </html>,
    // Never split a finished page into parts revealed by inline scripts (the CSP forbids them).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const document = await streamToString(prelude);
  const head = /<head>([\s\S]*)<\/head>/.exec(document)?.[1] ?? '';
  const html = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(document)?.[1];
  if (html === undefined) throw new Error(`Could not find #root in the prerendered HTML of ${url}`);
  // Only data blocks (JSON-LD) may be inline: the site's CSP runs no inline script.
  if (/<script(?![^>]*type="application\/ld\+json")/.test(document)) throw new Error(`The prerendered HTML of ${url} contains an inline script`);
  return { head: head + emotionStyleTags(cache, html), html };
}
