// The plain-CSS parts (the shell's outline in index.html, the product card, the
// cart and its buttons and fields) are drawn without the theme's runtime
// (docs/decisions.md, "MUI kept off the first load"): their colours, radius and
// shadow are the theme's (src/lib/mui/theme.ts), written out. This holds them
// to it, so a change of palette cannot leave them behind.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alpha, lighten } from '@mui/material/styles';
import { themeFor } from '@/lib/mui/theme';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const normal = (value: string) => value.toLowerCase().replace(/\s+/g, '').replace(/^#fff$/, '#ffffff').replace(/,0\./g, ',.').replace(/\b0px\b/g, '0').replace(/px/g, '');

const theme = themeFor('ltr');
const { palette } = theme;
/** MUI's standard Alert of a severity: its text and ground, darkened and lightened from the palette's light shade, and its icon's colour. */
const alertColours = (severity: 'warning' | 'error') => [theme.darken(palette[severity].light, 0.6), theme.lighten(palette[severity].light, 0.9), palette[severity].main];
const THEME_COLOURS = new Set([
  palette.primary.main, palette.secondary.main, palette.background.default, palette.background.paper,
  palette.text.primary, palette.text.secondary, palette.text.disabled, palette.divider, palette.error.main, palette.error.dark,
  palette.primary.dark, palette.secondary.dark, palette.success.main, palette.common.white, palette.action.active, palette.action.hover, palette.action.disabled, palette.action.disabledBackground,
  // MUI's Skeleton: the text colour at 11 %.
  alpha(palette.text.primary, 0.11),
  // MUI's Button: the hover tint of a text or outlined button, the outlined border.
  alpha(palette.primary.main, palette.action.hoverOpacity), alpha(palette.error.main, palette.action.hoverOpacity), alpha(palette.primary.main, 0.5),
  // MUI's outlined input border (light mode), not a palette entry.
  'rgba(0, 0, 0, 0.23)',
  // MUI's LinearProgress track in the secondary colour, its Table's cell border, its Rating's gold.
  lighten(palette.secondary.main, 0.62), lighten(alpha(palette.divider, 1), 0.88), '#faaf00',
  // MUI's Alert (a coupon's problem, a failed points check), and the waiting changes' warning border.
  ...alertColours('warning'), ...alertColours('error'),
  // The offline bar's near-black (layout.tsx), apart from the brand's colours on purpose.
  '#2b2b2b',
].map(normal));
// A card's shadow (elevation 1); a contained button's, at rest (2) and hovered (4).
const THEME_SHADOWS = [theme.shadows[1], theme.shadows[2], theme.shadows[4], 'none'].map(normal);

describe.each([
  'src/app/boot-shell.css', 'src/components/product-card.css', 'src/components/loading-view.css', 'src/components/skeleton.css',
  'src/components/controls.css', 'src/components/price.css', 'src/features/cart/components/cart.css',
  'src/features/product/components/product-page.css', 'src/app/shell/shell.css', 'src/app/routes/home.css',
])('%s', (file) => {
  const css = read(file);

  it('uses only the theme\'s colours', () => {
    // Shadows are checked whole, below.
    const colours = [...css.replace(/box-shadow:[^;]*;/g, '').matchAll(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi)].map((m) => m[0]);
    expect(colours.length).toBeGreaterThan(0);
    for (const colour of colours) expect([...THEME_COLOURS], colour).toContain(normal(colour));
  });

  it('rounds and shadows as the theme does', () => {
    for (const [, radius] of css.matchAll(/border-radius:\s*([^;]+);/g)) {
      if (radius.trim() === 'inherit') continue;
      // A card's corner is the theme's shape (a cart line's, sx's `borderRadius: 2`, twice it; home's
      // hero, thrice); the chip
      // is MUI's own pill (16 px), a spinner or heart a circle; a skeleton's line is rounded as MUI's
      // (the shape over its 60 % height), a bar as MUI's LinearProgress (half its 10 px).
      const r = Number(theme.shape.borderRadius);
      expect([`${r}px`, `${2 * r}px`, `${3 * r}px`, `${r}px ${r}px 0 0`, '16px', '50%', '5px', `${r}px / ${Math.round((r / 0.6) * 10) / 10}px`]).toContain(radius.trim());
    }
    for (const [, shadow] of css.matchAll(/box-shadow:\s*([^;]+);/g)) expect(THEME_SHADOWS).toContain(normal(shadow));
  });
});
