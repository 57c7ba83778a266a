import { toLangDigits, toLatinDigits } from '@contract/rules';
import type { Lang } from './storage';

/**
 * A phone number as the shopper reads it (docs/architecture.md, "Language
 * and direction"): in the page's digits, like every other number, so
 * `01012345678` in English and `٠١٠١٢٣٤٥٦٧٨` in Arabic. Written as the shop
 * keeps it otherwise: no spaces added, a `+` kept.
 */
export function formatPhone(phone: string, lang: Lang): string {
  return toLangDigits(phone, lang);
}

/** What a copied phone number becomes: Western digits, which every dialer and wallet app takes. */
export const phoneForCopy = (text: string) => toLatinDigits(text);
