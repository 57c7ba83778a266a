// The app's entry, run by the boot script (src/boot.ts) once the page has painted. It runs the
// app's code in three steps, each its own task, rather than in one: as one module graph, the code's
// evaluation was one task of about 190 ms on a phone 4x slower than this machine (Chromium trace,
// product details), the largest block in Total Blocking Time. Each step is a module whose imports
// are one part of the code (scripts/vite/chunk-groups.ts puts each in a file of its own); the page
// preloads all three files (scripts/vite/boot-hints.ts, src/boot.ts), so the steps wait for no
// network, only for the task between them. The measurements are in docs/decisions.md, "Fewer,
// larger code files".

// Listens for beforeinstallprompt from the first moment: Chromium may fire it before React mounts.
import './pwa/install-state';
// The first paint's styles: inlined in index.html by the build (scripts/vite/boot-hints.ts).
import './lib/fonts.css';
import './app/boot-shell.css';
import './components/loading-view.css';
// The shell's and the plain controls' styles, inlined the same way: the steps below may bring none.
import './components/controls.css';
import './app/shell/shell.css';
import { tookOver } from './app/server-render';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

void import('./app/libraries/react-dom')
  .then(nextTask)
  .then(() => import('./app/libraries/ui'))
  .then(nextTask)
  .then(() => import('./start'))
  .catch((error: unknown) => {
    // A step's file failed: as when the entry's own does (src/boot.ts), the server's page at least works
    // as a page, links and all, in any language.
    console.error('the app\'s code did not load', error);
    tookOver();
  });
