// Writes the headings' typeface into src/styles (docs/decisions/022-brand-typeface.md):
//   fonts/playfair-display-latin-700.woff2  Playfair Display Bold, Latin subset, from @fontsource/playfair-display
//   fonts/OFL.txt                           its licence
//   brand-font.css                          its @font-face, and fallback faces of local serifs whose
//                                           metrics are overridden to match it
// font-display: optional, with the preload in index.html: the font is used if it is there for
// the first paint (Chrome holds the paint up to 100 ms for a preloaded optional font); if not,
// the page keeps the fallback, which takes the same room, and nothing is redrawn or moved
// (a swap could still move lines: no fallback wraps every heading as the web font does).
// The font file is kept in the repository so the build and the dev server serve it from the
// same path the page's preload names (index.html); Vite gives it a hashed name under /assets/.
// Run after updating the font package: node scripts/brand-font.mjs (from web/). Prints the values.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFontStack } from '@capsizecss/core';
import { entireMetricsCollection } from '@capsizecss/metrics/entireMetricsCollection';
import { fromFile } from '@capsizecss/unpack/fs';
import { format, resolveConfig } from 'prettier';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const styles = join(web, 'src/styles');
const fontDir = join(styles, 'fonts');
const fontFile = 'playfair-display-latin-700.woff2';
const family = 'Playfair Display';
const weight = 700;

const pkg = dirname(createRequire(import.meta.url).resolve('@fontsource/playfair-display/package.json'));
const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
mkdirSync(fontDir, { recursive: true });
copyFileSync(join(pkg, 'files/playfair-display-latin-700-normal.woff2'), join(fontDir, fontFile));
copyFileSync(join(pkg, 'LICENSE'), join(fontDir, 'OFL.txt'));

// The Latin subset's characters, as the package declares them.
const unicodeRange = JSON.parse(readFileSync(join(pkg, 'unicode.json'), 'utf8')).latin;
if (!unicodeRange) throw new Error(`no Latin range in ${join(pkg, 'unicode.json')}`);

// The web font's own metrics, read from the very file the site serves.
const font = await fromFile(join(fontDir, fontFile));

/**
 * Local bold serifs, most common first: Georgia (macOS, iOS, Windows), Times New Roman
 * (macOS, Windows) with Liberation Serif and Tinos, drawn to Times New Roman's widths (Linux,
 * ChromeOS), and Noto Serif (Android). Their metrics are capsize's, measured from the fonts.
 */
const fallbacks = [
  { name: 'Georgia', metrics: entireMetricsCollection.georgia.variants['700'], locals: [] },
  {
    name: 'Times',
    metrics: entireMetricsCollection.timesNewRoman.variants['700'],
    locals: ['Liberation Serif Bold', 'LiberationSerif-Bold', 'Tinos Bold', 'Tinos-Bold'],
  },
  { name: 'Noto Serif', metrics: entireMetricsCollection.notoSerif.variants['700'], locals: [] },
];

const percent = (value) => `${Math.round(value * 1e6) / 1e4}%`;

/**
 * The fallback scaled so that its average character width (weighted by English letter
 * frequency) equals the web font's, then given the web font's ascent, descent and line gap:
 * the overrides apply to the scaled size, hence the division by size-adjust.
 */
function overrides(fallback) {
  const sizeAdjust = font.subsets.latin.xWidthAvg / font.unitsPerEm / (fallback.subsets.latin.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': percent(font.ascent / em),
    'descent-override': percent(Math.abs(font.descent) / em),
    'line-gap-override': percent(font.lineGap / em),
  };
}

// The same values as capsize's own font stack, where it states them (it leaves out an override
// equal to the fallback's own metric).
const capsize = createFontStack([font, ...fallbacks.map(({ metrics }) => metrics)], { fontFaceFormat: 'styleObject' }).fontFaces.map(
  (face) => face['@font-face'],
);
const descriptors = {
  sizeAdjust: 'size-adjust',
  ascentOverride: 'ascent-override',
  descentOverride: 'descent-override',
  lineGapOverride: 'line-gap-override',
};
fallbacks.forEach(({ metrics }, index) => {
  const ours = overrides(metrics);
  for (const [key, descriptor] of Object.entries(descriptors)) {
    const theirs = capsize[index]?.[key];
    if (theirs !== undefined && Math.abs(parseFloat(theirs) - parseFloat(ours[descriptor])) > 0.001)
      throw new Error(`${metrics.fullName} ${descriptor}: ${ours[descriptor]}, capsize ${theirs}`);
  }
});

const faces = fallbacks.map(({ name, metrics, locals }) => {
  const sources = [metrics.fullName, metrics.postscriptName, ...locals].map((local) => `local('${local}')`).join(', ');
  const values = overrides(metrics);
  console.log(`${family} Fallback ${name} (${metrics.fullName}, ${metrics.subsets.latin.xWidthAvg}/${metrics.unitsPerEm}):`, values);
  return `@font-face {
  font-family: '${family} Fallback ${name}';
  font-style: normal;
  font-weight: ${weight};
  src: ${sources};
${Object.entries(values)
  .map(([descriptor, value]) => `  ${descriptor}: ${value};`)
  .join('\n')}
}`;
});

const css = `/*
 * Generated by scripts/brand-font.mjs from @fontsource/playfair-display ${version}: do not edit.
 * Playfair Display, copyright 2017 The Playfair Display Project Authors, SIL Open Font License 1.1 (fonts/OFL.txt).
 * ${family} ${weight}: ascent ${font.ascent}, descent ${font.descent}, line gap ${font.lineGap}, ${font.unitsPerEm} units per em,
 * average Latin character width ${font.subsets.latin.xWidthAvg}.
 */
@font-face {
  font-family: '${family}';
  font-style: normal;
  font-weight: ${weight};
  font-display: optional;
  src: url('./fonts/${fontFile}') format('woff2');
  unicode-range: ${unicodeRange};
}

/* Local serifs drawn at the web font's width and line metrics, for a first paint the font misses. */
${faces.join('\n\n')}
`;
const cssFile = join(styles, 'brand-font.css');
// Written as the repository's Prettier settings format it, so the lint's check passes.
writeFileSync(cssFile, await format(css, { ...(await resolveConfig(cssFile)), filepath: cssFile }));
console.log(
  `${family} ${weight}: ascent ${font.ascent}, descent ${font.descent}, line gap ${font.lineGap}, ${font.unitsPerEm} units per em, average width ${font.subsets.latin.xWidthAvg}; ` +
    `${fontFile}: ${(readFileSync(join(fontDir, fontFile)).length / 1024).toFixed(1)} KB; wrote src/styles/brand-font.css`,
);
