// Snackbars without notistack in the first load (docs/decisions.md, "MUI kept
// off the first load"): the app calls
// notify()/closeNotice() from here, and notistack arrives in its own chunk
// when the first message is asked (most visits ask none; the precache has it
// offline). A message asked before then waits in a queue and is shown when
// the provider has mounted.
import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

export type NoticeKey = string | number;

export interface NoticeOptions {
  variant?: 'default' | 'success' | 'error' | 'warning' | 'info';
  /** ms; the provider's 4000 unless given */
  autoHideDuration?: number;
  /** by key when one is given, else by message: notistack's rule */
  preventDuplicate?: boolean;
  /** stays until closed by its key */
  persist?: boolean;
  action?: ReactNode;
  /** the caller's own key, to close it later; one is made otherwise */
  key?: NoticeKey;
}

/** The mounted SnackbarProvider's own functions, handed over by notify-provider.tsx. */
export interface NoticeHandle {
  enqueue(message: ReactNode, options: NoticeOptions): NoticeKey;
  close(key?: NoticeKey): void;
}

interface Waiting {
  message: ReactNode;
  options: NoticeOptions;
  /** the key notify() returned: the caller's, or one made here */
  key: NoticeKey;
}

// Several providers may be mounted at once only in tests; the latest one shows the messages.
const handles: NoticeHandle[] = [];
const queue: Waiting[] = [];
// A message queued without a key of its own gets notistack's key only when shown: closing by the returned one finds it here.
const shownAs = new Map<NoticeKey, NoticeKey>();
let made = 0;

const current = () => handles.at(-1);

/** Shows a snackbar (now, or as soon as notistack has loaded); returns the key that closes it. */
export function notify(message: ReactNode, options: NoticeOptions = {}): NoticeKey {
  const handle = current();
  if (handle) return handle.enqueue(message, options);
  const key = options.key ?? `notice-${++made}`;
  queue.push({ message, options, key });
  loadNotistack();
  return key;
}

/** Closes the snackbar with this key (waiting or shown), or all of them without one. */
export function closeNotice(key?: NoticeKey) {
  const kept = queue.filter((w) => key !== undefined && w.key !== key);
  queue.splice(0, queue.length, ...kept);
  const handle = current();
  if (!handle) return;
  if (key === undefined) {
    handle.close();
    shownAs.clear();
    return;
  }
  handle.close(shownAs.get(key) ?? key);
  shownAs.delete(key);
}

/** Called by the provider once mounted: shows what waited, in order; returns the detach for its unmount. */
export function attachNotices(handle: NoticeHandle): () => void {
  handles.push(handle);
  for (const { message, options, key } of queue.splice(0)) {
    const shown = handle.enqueue(message, options);
    if (shown !== key) shownAs.set(key, shown);
  }
  return () => {
    const at = handles.lastIndexOf(handle);
    if (at >= 0) handles.splice(at, 1);
  };
}

// Loaded by hand rather than through React.lazy: a lazy component whose chunk
// fails (offline, before the worker keeps it) throws to the app's error
// boundary over a mere toast, and keeps failing; here the queue waits and
// the next message tries again.
let Provider: ComponentType | null = null;
let loading = false;
const listeners = new Set<() => void>();

function loadNotistack() {
  if (Provider || loading) return;
  loading = true;
  import('./notify-provider').then(
    (module) => {
      Provider = module.NotifyProvider;
      listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      loading = false;
      console.warn('snackbars not loaded', error);
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const loaded = () => Provider;

/** Where the snackbars appear: rendered once, inside the theme and direction (app/provider.tsx). */
export function Notifications() {
  const LoadedProvider = useSyncExternalStore(subscribe, loaded, loaded);
  return LoadedProvider ? <LoadedProvider /> : null;
}
