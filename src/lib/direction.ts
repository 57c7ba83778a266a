import { dirOf, type Direction, type Lang } from '@contract/lang';

export type { Direction };

/** A language's text direction: the contract's rule, which the server's render uses too. */
export const directionOf = dirOf;

/** Sets `<html lang dir>` to match the language. */
export function applyDocumentLanguage(lang: Lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}
