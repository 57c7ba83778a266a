import type { Plugin } from 'vite';

/**
 * MUI's CSS-variables theming, left out of the build (the first route's JavaScript;
 * docs/decisions.md, "MUI kept off the first load").
 *
 * Attar's themes (src/lib/mui/theme.ts) are plain ones: `createTheme` without
 * `cssVariables` or `colorSchemes`, which MUI makes with `createThemeNoVars`
 * and provides with `ThemeProviderNoVars`. Yet `createTheme` and
 * `ThemeProvider` import the CSS-variables versions too, for themes that ask
 * for them, and every component reaches `createTheme` through MUI's default
 * theme: about 7 KiB gzip of the entry that no screen runs.
 *
 * Those two imports, from those two MUI files only, resolve to a module that
 * says so if it is ever reached (a theme given `cssVariables: true` one day):
 * a clear error at the first render, in development and in tests alike.
 */
const REPLACED: Record<string, string> = {
  '/@mui/material/styles/createTheme.mjs': './createThemeWithVars.mjs',
  '/@mui/material/styles/ThemeProvider.mjs': './ThemeProviderWithVars.mjs',
};
const ID = '\0attar:mui-without-css-vars';
const MESSAGE = 'MUI\'s CSS-variables themes are left out of the build (scripts/mui-without-css-vars.ts): make the theme without cssVariables or colorSchemes, or remove the plugin.';

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'attar:mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const file = importer.replaceAll('\\', '/');
      const entry = Object.entries(REPLACED).find(([from]) => file.endsWith(from));
      return entry && entry[1] === source ? ID : null;
    },
    load(id) {
      if (id !== ID) return null;
      return [
        `const fail = () => { throw new Error(${JSON.stringify(MESSAGE)}); };`,
        'export default fail;',
        'export const CssVarsProvider = fail;',
      ].join('\n');
    },
  };
}
