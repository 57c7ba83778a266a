// The plain-CSS parts (the shell's outline in index.html, the product card)
// are drawn without the theme's runtime (issue 6): their colours, radius and
// shadow are the theme's (src/lib/direction.ts), written out. This holds them
// to it, so a change of palette cannot leave them behind.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alpha } from '@mui/material/styles';
import { themeFor } from '@/lib/direction';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const normal = (value: string) => value.toLowerCase().replace(/\s+/g, '').replace(/^#fff$/, '#ffffff').replace(/,0\./g, ',.').replace(/\b0px\b/g, '0').replace(/px/g, '');

const theme = themeFor('ltr');
const { palette } = theme;
const THEME_COLOURS = new Set([
  palette.primary.main, palette.secondary.main, palette.background.default, palette.background.paper,
  palette.text.primary, palette.text.secondary, palette.divider, palette.error.dark, palette.common.white,
  // MUI's Skeleton: the text colour at 11 %.
  alpha(palette.text.primary, 0.11),
].map(normal));

describe.each(['src/app/boot-shell.css', 'src/components/product-card.css', 'src/components/loading-view.css', 'src/components/skeleton.css'])('%s', (file) => {
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
      // A card's corner is the theme's shape; the chip is MUI's own pill (16 px), a spinner or heart a
      // circle; a skeleton's line is rounded as MUI's (the shape over its 60 % height).
      const r = Number(theme.shape.borderRadius);
      expect([`${r}px`, `${r}px ${r}px 0 0`, '16px', '50%', `${r}px / ${Math.round((r / 0.6) * 10) / 10}px`]).toContain(radius.trim());
    }
    for (const [, shadow] of css.matchAll(/box-shadow:\s*([^;]+);/g)) expect(normal(shadow)).toBe(normal(theme.shadows[1]));
  });
});
