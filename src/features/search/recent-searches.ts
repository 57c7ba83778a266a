import { normalizeSearch } from '@contract/search-text';
import { readStored, writeStored } from '@/lib/storage';

const KEY = 'recent searches';
/** Searches kept on the device, the latest first. */
export const RECENT_KEPT = 6;

/** What this device searched for lately, the latest first. */
export function recentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(readStored(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, RECENT_KEPT) : [];
  } catch {
    return [];
  }
}

/** Keeps a search first among the recent ones; the same words typed differently are kept once. */
export function rememberSearch(text: string): void {
  const typed = text.trim().slice(0, 100);
  const key = normalizeSearch(typed);
  if (!key) return;
  const kept = recentSearches().filter((s) => normalizeSearch(s) !== key);
  writeStored(KEY, JSON.stringify([typed, ...kept].slice(0, RECENT_KEPT)));
}

export function forgetSearches(): void {
  writeStored(KEY, null);
}
