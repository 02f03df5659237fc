import type { z } from 'zod';

/**
 * Not in the specification: what text fields refuse, so no one can slip fake lines, hidden
 * characters or links into the messages and alerts a form sends.
 */
export const textMessages = {
  oneLine: (label: string) => `${label} must be on one line`,
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  nameWithAddress: 'Please enter your name without a web address',
} as const;

// C0 controls but tab, line feed and carriage return; DEL and the C1 controls (NEL, U+0085, among them).
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Bidi embeddings, overrides and isolates, and the invisible direction marks: they can make
// text read differently from what it holds.
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const lineBreaks = /[\n\r\u2028\u2029]/;
/**
 * A web address: `http` (no name holds it), `www.`, or a dotted name ending in a common or two-letter top-level
 * domain (`example.com`, `bit.ly`), so "St. John" and "O'Brien-Smith" pass.
 */
const webAddress =
  /http|www\.|[\p{L}\p{N}-]\.(?:[a-z]{2}|com|net|org|info|biz|xyz|top|online|site|club|shop|store|app|dev|link|click|live|life|pro|vip|win|icu|buzz|fun|space|website|tech|today|cloud|email|money|loan)(?![\p{L}\p{N}])/iu;

export type TextKind = 'line' | 'lines' | 'name';

/** Adds the refusals of a kind of text to a string schema, naming the field by `label`. */
export const clean = <S extends z.ZodString>(schema: S, label: string, kind: TextKind): S =>
  schema.check((ctx) => {
    const value = ctx.value;
    if (kind !== 'lines' && lineBreaks.test(value)) {
      ctx.issues.push({ code: 'custom', message: textMessages.oneLine(label), input: value });
    } else if (controls.test(value) || bidiControls.test(value) || (kind !== 'lines' && value.includes('\t'))) {
      ctx.issues.push({ code: 'custom', message: textMessages.notAllowed(label), input: value });
    } else if (kind === 'name' && webAddress.test(value)) {
      ctx.issues.push({ code: 'custom', message: textMessages.nameWithAddress, input: value });
    }
  });
