import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Password strength, as zxcvbn estimates it: common and leaked passwords, dictionary words,
 * names, keyboard patterns, dates and repeats all count for little. A new password must
 * score 3 of 4 ("safely unguessable: moderate protection from offline attacks").
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** Null when `password` is strong enough, otherwise why not, in a sentence for the admin. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  const result = zxcvbn.check(password, userInputs);
  if (result.score >= 3) return null;
  const reason = result.feedback.warning;
  const hint = result.feedback.suggestions[0];
  return ['This password is too easy to guess.', reason ? `${reason.replace(/\.?$/, '.')}` : '', hint ?? 'Add more words or characters.']
    .filter(Boolean)
    .join(' ');
}
