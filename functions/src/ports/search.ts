/**
 * Search terms for the lead lists. Firestore has no substring or case-insensitive match, only
 * equality and array-contains, so each searchable document stores the normalised prefixes
 * of its words (`searchTokens`) and a search asks for documents whose tokens contain the
 * normalised term. Counts and cursors then work as for any equality filter. Both Store
 * adapters compute the tokens here, so they match the same documents.
 */

/** How a field is tokenised. */
export type SearchKind = 'text' | 'email' | 'phone';

export interface SearchSpec {
  /** The stored array of tokens; never returned with the record. */
  field: string;
  fields: Record<string, SearchKind>;
  /** Fields also matched together, e.g. first and last name: "ava ng" finds Ava Nguyen. */
  phrases?: ReadonlyArray<readonly string[]>;
}

/** Longest prefix stored per value; a longer search term is matched on its first this many characters. */
export const maxTokenLength = 30;

/** Lower case, accents off, one space between words. */
export function normaliseText(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const digits = (value: string) => value.replace(/\D/g, '');

function addPrefixes(tokens: Set<string>, value: string) {
  const end = Math.min(value.length, maxTokenLength);
  for (let i = 1; i <= end; i++) {
    const prefix = value.slice(0, i);
    if (prefix.trim()) tokens.add(prefix.trimEnd());
  }
}

/**
 * A phone number as its digits in national (0412...), international (61412...) and bare
 * (412...) form, so any way staff type it finds it.
 */
function phoneForms(value: string): string[] {
  const all = digits(value);
  if (all.startsWith('61')) return [all, `0${all.slice(2)}`, all.slice(2)];
  if (all.startsWith('0')) return [all, `61${all.slice(1)}`, all.slice(1)];
  return all ? [all] : [];
}

/** The tokens a document stores: every prefix of each word, of each whole value, and of each phrase. */
export function searchTokens(spec: SearchSpec, doc: Readonly<Record<string, unknown>>): string[] {
  const tokens = new Set<string>();
  const text = (name: string) => {
    const value = doc[name];
    return typeof value === 'string' ? normaliseText(value) : '';
  };
  for (const [name, kind] of Object.entries(spec.fields)) {
    const value = text(name);
    if (!value) continue;
    if (kind === 'phone') {
      const forms = phoneForms(value);
      for (const form of forms) addPrefixes(tokens, form);
      // Any run of 3 or more digits of the bare number: staff often have only the last few.
      const bare = forms[forms.length - 1] ?? '';
      for (let start = 1; start < bare.length; start++) {
        for (let end = start + 3; end <= bare.length; end++) tokens.add(bare.slice(start, end));
      }
      continue;
    }
    addPrefixes(tokens, value);
    // Words of a name or suburb ("Box Hill", "Smith-Jones"); the parts of an email address.
    for (const word of value.split(kind === 'email' ? /[@.+_-]/ : /[\s-]/)) if (word) addPrefixes(tokens, word);
    if (kind === 'email') {
      const domain = value.split('@')[1];
      if (domain) addPrefixes(tokens, domain);
    }
  }
  for (const phrase of spec.phrases ?? []) {
    const value = phrase.map(text).filter(Boolean).join(' ');
    if (value) addPrefixes(tokens, value);
  }
  return [...tokens].sort();
}

/**
 * The token a search box's text looks for, or null for an empty search. Text of digits and
 * phone punctuation is a phone number: "0412 345" looks for 0412345.
 */
export function searchTerm(query: string): string | null {
  const trimmed = query.trim();
  if (!trimmed) return null;
  if (/\d/.test(trimmed) && /^[\d\s()+.-]+$/.test(trimmed)) return digits(trimmed).slice(0, maxTokenLength);
  const term = normaliseText(trimmed).slice(0, maxTokenLength).trimEnd();
  return term || null;
}
