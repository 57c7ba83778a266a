// A fresh Idempotency-Key, for a checkout attempt and for each change the
// offline queue may send again.

/** randomUUID exists only in secure contexts; a shop opened over plain http still needs a key. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
