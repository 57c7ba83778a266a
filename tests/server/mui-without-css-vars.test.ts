// The build leaves MUI's CSS-variables theming out (scripts/mui-without-css-vars.ts): only safe while
// Attar's themes never take that path, which is what this checks, with the plugin's own resolution.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { muiWithoutCssVars } from '../../scripts/mui-without-css-vars.ts';
import { themeFor } from '../../src/lib/mui/theme.ts';

const MUI = path.resolve(import.meta.dirname, '../../node_modules/@mui/material/styles');

function hooks(plugin: Plugin) {
  const call = <T>(hook: unknown, ...args: unknown[]) => (typeof hook === 'function' ? hook : (hook as { handler: (...a: unknown[]) => T }).handler).call({}, ...args) as T;
  return {
    resolve: (source: string, importer?: string) => call<string | null>(plugin.resolveId, source, importer, {}),
    load: (id: string) => call<string | null>(plugin.load, id),
  };
}

describe('MUI without its CSS-variables theming', () => {
  const plugin = hooks(muiWithoutCssVars());

  it('replaces the two imports, from those two MUI files only', () => {
    const theme = plugin.resolve('./createThemeWithVars.mjs', path.join(MUI, 'createTheme.mjs'));
    const provider = plugin.resolve('./ThemeProviderWithVars.mjs', path.join(MUI, 'ThemeProvider.mjs'));
    expect(theme).toMatch(/^\0attar:/);
    expect(provider).toBe(theme);
    // Anything else resolves as it always did.
    expect(plugin.resolve('./createThemeNoVars.mjs', path.join(MUI, 'createTheme.mjs'))).toBeNull();
    expect(plugin.resolve('./ThemeProviderNoVars.mjs', path.join(MUI, 'ThemeProvider.mjs'))).toBeNull();
    expect(plugin.resolve('./createThemeWithVars.mjs', path.join(MUI, 'index.mjs'))).toBeNull();
    expect(plugin.resolve('./createThemeWithVars.mjs')).toBeNull();
    expect(plugin.load('/src/main.tsx')).toBeNull();
  });

  it('says what happened if a theme ever asks for CSS variables', async () => {
    const code = plugin.load(plugin.resolve('./createThemeWithVars.mjs', path.join(MUI, 'createTheme.mjs'))!)!;
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: () => void; CssVarsProvider: () => void };
    expect(() => module.default()).toThrow(/CSS-variables themes are left out of the build/);
    expect(() => module.CssVarsProvider()).toThrow(/scripts\/mui-without-css-vars\.ts/);
  });

  it("Attar's themes, both directions, are plain ones: ThemeProvider takes its no-variables path", () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      const theme = themeFor(dir) as unknown as Record<string, unknown>;
      // MUI's ThemeProvider gives a theme with colorSchemes to the CSS-variables provider.
      expect('colorSchemes' in theme).toBe(false);
      expect(theme.vars ?? null).toBeNull();
      expect(theme.direction).toBe(dir);
    }
  });
});
