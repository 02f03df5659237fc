import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * Password strength, as zxcvbn estimates it: common and leaked passwords, dictionary words,
 * names, keyboard patterns, dates and repeats all count for little. A new password must
 * score 3 of 4 ("safely unguessable: moderate protection from offline attacks").
 *
 * The dictionaries take about a second to load, so they load on the first check, not at start:
 * the server and a new Cloud Functions instance answer sooner, and most never need them.
 */
let checker: Promise<ZxcvbnFactory> | undefined;
const load = () =>
  (checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  })());

/** Null when `password` is strong enough, otherwise why not, in a sentence for the admin. */
export async function passwordWeakness(password: string, userInputs: string[] = []): Promise<string | null> {
  const result = (await load()).check(password, userInputs);
  if (result.score >= 3) return null;
  const reason = result.feedback.warning;
  const hint = result.feedback.suggestions[0];
  return ['This password is too easy to guess.', reason ? reason.replace(/\.?$/, '.') : '', hint ?? 'Add more words or characters.']
    .filter(Boolean)
    .join(' ');
}
