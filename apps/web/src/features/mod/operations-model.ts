/**
 * The operations tabs' rules that need no React: the rule form's word lists and their problems, and the
 * worker name (the server checks the same; this tells the admin before sending).
 */
import {
  distinctRuleWords,
  isUsableRuleWord,
  MODERATION_RULE_LIMITS,
  MODERATION_RULE_TYPE,
  WORKER_NAME,
} from '@mirage/domain';

/** A textarea of words, one a line (commas separate too), as the list the server takes. */
export function parseWordList(text: string): string[] {
  return distinctRuleWords(text.split(/[\n,]/));
}

/** A rule's words back into the textarea, one a line. */
export const wordListText = (words: readonly string[]): string => words.join('\n');

export type WordListProblem = 'required' | 'too_many' | 'too_long' | 'unusable';

/** What is wrong with a list of rule words, or null (an empty list is fine when not required). */
export function wordListProblem(
  words: readonly string[],
  limit: number,
  required: boolean,
): WordListProblem | null {
  if (words.length === 0) return required ? 'required' : null;
  if (words.length > limit) return 'too_many';
  if (words.some((word) => word.length > MODERATION_RULE_LIMITS.wordLength)) return 'too_long';
  if (!words.every(isUsableRuleWord)) return 'unusable';
  return null;
}

export interface RuleFormProblems {
  words: WordListProblem | null;
  suggestions: WordListProblem | null;
}

/** The rule form's problems: words are required, suggestions only for a suggestion rule. */
export function ruleFormProblems(form: {
  words: string;
  suggestions: string;
  type: number;
}): RuleFormProblems {
  return {
    words: wordListProblem(parseWordList(form.words), MODERATION_RULE_LIMITS.words, true),
    suggestions: wordListProblem(
      parseWordList(form.suggestions),
      MODERATION_RULE_LIMITS.suggestions,
      form.type === MODERATION_RULE_TYPE.suggestion,
    ),
  };
}

export const isWorkerName = (name: string): boolean => WORKER_NAME.test(name.trim());
