// The first screen's data, asked for by the boot script (src/boot.ts, inlined in index.html)
// while the app's code was still on its way: the answer no longer waits for the code.

import type { Lang } from './storage';

export interface EarlyAnswers {
  at: number;
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __attarEarly?: EarlyAnswers;
  }
}

/** An answer older than this is not taken: the screen it was for has been left, or the data moved on. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

/** Where an early answer is kept: the call's API path, its language, and its authorization header or none. */
export const earlyKey = (path: string, lang: Lang, authorization: string | undefined) => `${path}|${lang}|${authorization ?? ''}`;

/**
 * The answer the boot script got for exactly this call (API path, language, and the
 * authorization header or none), taken once; undefined when there is none,
 * it is too old, or it was taken already.
 */
export function takeEarlyAnswer(path: string, lang: Lang, authorization: string | undefined): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__attarEarly;
  if (!early) return undefined;
  const key = earlyKey(path, lang, authorization);
  const answer = early.answers[key];
  delete early.answers[key];
  if (!answer || Date.now() - early.at > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return answer;
}
