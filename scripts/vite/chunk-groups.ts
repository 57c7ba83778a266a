// Fewer, larger files than Rolldown would make: on slow 4G over HTTP/1.1 each file is a request of its own, and a screen waits for the last.
import path from 'node:path';
import { CODE_GROUPS } from '../../src/app/route-manifest.ts';

type Group = {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority: number;
  minShareCount?: number;
  includeDependenciesRecursively?: boolean;
};

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Whether a module's id is one of CODE_GROUPS[name]'s: a path from the
 * repository's root without its extension, standing for the module and its
 * stylesheet.
 */
function partOf(name: string): (id: string) => boolean {
  const modules = CODE_GROUPS[name];
  if (!modules) throw new Error(`no part named ${name} in the route manifest's CODE_GROUPS`);
  return (id) => {
    const file = path.relative(ROOT, id.replace(/\?.*$/, '')).replace(/\\/g, '/');
    return modules.some((module) => file.startsWith(`${module}.`));
  };
}

const MUI = String.raw`node_modules[\\/]@mui[\\/]material[\\/]`;
/** MUI's menus, dialogs and drawers, and what they stand on (the navigation's menus need them offline). */
const OVERLAYS = new RegExp(`${MUI}(Menu|MenuList|MenuItem|List|ListItem\\w*|Popover|Popper|Modal|Dialog\\w*|Drawer|Backdrop|Fade|Grow|Slide|Portal|Unstable_TrapFocus)[\\/]`);
/** MUI's form fields (lists' filters, the cart, checkout and account forms). */
const FORMS = new RegExp(`${MUI}(TextField|Select|NativeSelect|FormHelperText|InputBase|InputLabel|InputAdornment|OutlinedInput|FilledInput|Input|Autocomplete)[\\/](?!utils)`);

/** Vite's helper that preloads a lazy file's dependencies: the entry needs it at once. */
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
const boot = partOf('boot');

/**
 * Rolldown's codeSplitting groups. Each takes its modules and, unless it says
 * otherwise, everything they import that a higher one has not taken.
 * - boot, react-dom, libraries, shell: the app's code in the steps that
 *   src/main.tsx evaluates one task apart (Total Blocking Time): boot what
 *   the entry needs at once (React itself, the preload helper, the install
 *   prompt's listener, the server's page taken over), then React's DOM
 *   renderer, the libraries, and the app (src/start.tsx). As the 26 files of
 *   1 to 30 KiB Rolldown made so that lazy screens could share them, the
 *   shell held back the first paint of product details by most of a second.
 *   The screens import what they share with it from it.
 * - overlays, forms, ui, catalog, lists: what the screens share among
 *   themselves, by kind, instead of 20 files of 1-2 KiB, each a request on
 *   slow 4G (docs/decisions.md, "Fewer, larger code files"). By kind, so
 *   a screen does not take what only others use, and the precache (home's,
 *   the menus') stays within its budget.
 */
export const CHUNK_GROUPS: Group[] = [
  { name: 'boot', test: (id) => PRELOAD_HELPER.test(id) || boot(id), priority: 6 },
  { name: 'react-dom', test: partOf('react-dom'), priority: 5 },
  { name: 'libraries', test: partOf('libraries'), priority: 4 },
  { name: 'shell', test: partOf('shell'), priority: 3 },
  { name: 'overlays', test: OVERLAYS, minShareCount: 2, priority: 2, includeDependenciesRecursively: false },
  { name: 'forms', test: FORMS, minShareCount: 2, priority: 2, includeDependenciesRecursively: false },
  { name: 'ui', test: /node_modules[\\/]@mui[\\/]/, minShareCount: 2, priority: 1, includeDependenciesRecursively: false },
  { name: 'catalog', test: partOf('catalog'), minShareCount: 2, priority: 2 },
  { name: 'lists', test: partOf('lists'), minShareCount: 2, priority: 2, includeDependenciesRecursively: false },
];
