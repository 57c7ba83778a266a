// Generated artwork for the demo shop: pure functions returning SVG markup.
// No text, no fonts, no scripts, no external references; deterministic output.

type Stop = string | [color: string, opacity: number];

/** round to one decimal place to keep the markup short */
const n = (x: number): number => Math.round(x * 10) / 10;

const hsl = (h: number, s: number, l: number): string => `hsl(${(((Math.round(h) % 360) + 360) % 360)},${s}%,${l}%)`;

function stops(list: Stop[]): string {
  return list
    .map((s, i) => {
      const [color, opacity] = typeof s === 'string' ? [s, 1] : s;
      const op = opacity < 1 ? ` stop-opacity="${opacity}"` : '';
      return `<stop offset="${n(i / (list.length - 1))}" stop-color="${color}"${op}/>`;
    })
    .join('');
}

/** linear gradient from the top-left corner towards (x2, y2) in bounding-box units */
const lin = (id: string, list: Stop[], x2 = 0, y2 = 1): string =>
  `<linearGradient id="${id}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;

const rad = (id: string, list: Stop[]): string => `<radialGradient id="${id}">${stops(list)}</radialGradient>`;

/** gradients shared by several drawings; svg() adds the ones a picture uses */
const SHARED: Record<string, string> = {
  au: lin('au', ['#f7e08a', '#c8952c', '#f4d47c', '#9a6a18'], 1, 1), // gold
  gs: lin('gs', [['#fff', 0.85], ['#fff', 0.4], ['#fff', 0.85]], 1, 0), // glass
};

/** path data of a rounded rectangle */
function rr(x: number, y: number, w: number, h: number, r: number): string {
  [x, y, w, h, r] = [x, y, w, h, Math.min(r, w / 2, h / 2)].map(n) as [number, number, number, number, number];
  if (r <= 0) return `M${x} ${y}h${w}v${h}h${-w}z`;
  return `M${n(x + r)} ${y}h${n(w - 2 * r)}a${r} ${r} 0 0 1 ${r} ${r}v${n(h - 2 * r)}a${r} ${r} 0 0 1-${r} ${r}h${n(2 * r - w)}a${r} ${r} 0 0 1-${r}-${r}v${n(2 * r - h)}a${r} ${r} 0 0 1 ${r}-${r}z`;
}

const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;

/** 8-point star (two squares) centred at (x, y) with half-size r */
function star8(x: number, y: number, r: number, fill: string, extra = ''): string {
  const sq = `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}"`;
  return `<g fill="${fill}"${extra}>${sq}/>${sq} transform="rotate(45 ${x} ${y})"/></g>`;
}

/** 4-point sparkle centred at (x, y) */
const sparkle = (x: number, y: number, r: number): string =>
  path(`M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}z`, 'url(#au)');

function svg(w: number, h: number, defs: string, body: string): string {
  for (const [id, def] of Object.entries(SHARED)) if ((defs + body).includes(`url(#${id})`)) defs = def + defs;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** FNV-1a: a stable small hash of the title */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// ---------------------------------------------------------------- bottles

interface Shape {
  d: string; // body outline, bottom centre at (0, 0), drawn upwards
  top: number; // body height
  w: number; // body width
  neck: number; // neck width
}

const SHAPES: Shape[] = [
  { d: rr(-100, -230, 200, 230, 28), top: 230, w: 200, neck: 60 }, // square flacon
  { d: 'M-115-110a115 110 0 1 0 230 0a115 110 0 1 0-230 0z', top: 220, w: 230, neck: 50 }, // round
  { d: rr(-65, -300, 130, 300, 50), top: 300, w: 130, neck: 44 }, // tall slim
  { d: 'M-70 0H70L110-60V-190L70-250H-70L-110-190V-60z', top: 250, w: 220, neck: 56 }, // faceted
  { d: 'M0 0C-150 0-140-140-40-200L-24-250H24L40-200C140-140 150 0 0 0z', top: 250, w: 220, neck: 40 }, // attar drop
];

/** height of the whole bottle (body, neck and cap) */
const bottleHeight = (shape: number, capStyle: number): number =>
  SHAPES[shape % SHAPES.length]!.top + 24 + [58, SHAPES[shape % SHAPES.length]!.neck * 1.6, 98, 92][capStyle % 4]!;

/** cap outline sitting on the neck whose top is at y0 */
function capPath(style: number, nw: number, y0: number): string {
  const a = nw / 2 + 12;
  switch (style % 4) {
    case 0: // block
      return rr(-nw / 2 - 14, y0 - 56, nw + 28, 58, 8);
    case 1: {
      // sphere
      const r = n(nw * 0.8);
      return `M${-r} ${n(y0 - r + 4)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0-${2 * r} 0z`;
    }
    case 2: // tall pill
      return rr(-nw / 2 - 4, y0 - 96, nw + 8, 98, 20);
    default: // onion dome
      return `M${-a} ${y0 + 2}V${y0 - 20}C${-a} ${y0 - 50} 0 ${y0 - 60} 0 ${y0 - 90}C0 ${y0 - 60} ${a} ${y0 - 50} ${a} ${y0 - 20}V${y0 + 2}z`;
  }
}

/**
 * A glass bottle with coloured liquid, highlight, label ornament and gold cap,
 * in local coordinates (bottom centre at 0,0). `id` keeps its definitions
 * apart from other bottles in the same picture.
 */
function bottle(shape: number, capStyle: number, hue: number, id: string): { defs: string; g: string } {
  const s = SHAPES[shape % SHAPES.length]!;
  const y0 = -(s.top + 24);
  const [lw, lh, ly] = [n(s.w * 0.5), n(s.top * 0.24), n(-s.top * 0.62)];
  const body = `<use href="#s${id}"`;
  const defs =
    `<path id="s${id}" d="${s.d}"/>` +
    lin(`l${id}`, [hsl(hue, 70, 60), hsl(hue, 75, 28)]) +
    `<clipPath id="c${id}">${body}/></clipPath>`;
  const g =
    `<rect x="${-s.neck / 2}" y="${y0}" width="${s.neck}" height="30" fill="url(#gs)"/>` +
    `${body} fill="url(#gs)"/>` +
    `<g clip-path="url(#c${id})"><rect x="-160" y="${n(-s.top * 0.78)}" width="320" height="${s.top}" fill="url(#l${id})" opacity=".85"/>` +
    `<rect x="${n(-s.w * 0.36)}" y="${-s.top}" width="${n(s.w * 0.08)}" height="${s.top}" fill="#fff" opacity=".4"/></g>` +
    `${body} fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="4"/>` +
    path(rr(-lw / 2, ly, lw, lh, 6), '#fffdf8', ' stroke="url(#au)" stroke-width="3"') +
    path(`M0 ${n(ly + lh / 2 - 12)}l12 12-12 12-12-12z`, 'url(#au)') +
    path(capPath(capStyle, s.neck, y0), 'url(#au)');
  return { defs, g };
}

/** place markup drawn in local coordinates */
const at = (x: number, y: number, body: string, scale = 1, angle = 0): string =>
  `<g transform="translate(${n(x)} ${n(y)})${angle ? ` rotate(${angle})` : ''}${scale !== 1 ? ` scale(${scale})` : ''}">${body}</g>`;

// ---------------------------------------------------------------- other objects (local coords, bottom centre at 0,0)

/** a gift box with ribbon and bow, w wide and h tall */
function giftBox(w: number, h: number, hue: number): string {
  const lid = h * 0.26;
  return (
    path(rr(-w / 2, -h + lid - 6, w, h - lid + 6, 6), hsl(hue, 55, 46)) +
    path(rr(-w / 2 - 8, -h, w + 16, lid, 6), hsl(hue, 55, 36)) +
    `<rect x="-10" y="${-h}" width="20" height="${h}" fill="url(#au)"/>` +
    path(`M0 ${-h}C-50 ${-h - 44}-64 ${-h + 8} 0 ${-h}ZM0 ${-h}C50 ${-h - 44} 64 ${-h + 8} 0 ${-h}Z`, 'url(#au)')
  );
}

/** a mabkhara (incense burner) with rising smoke */
function mabkhara(hue: number): string {
  return (
    `<g fill="none" stroke="${hsl(hue, 15, 60)}" stroke-linecap="round">` +
    '<path d="M0-130c-34-40 34-60 0-100s34-60 0-100" stroke-width="7" opacity=".45"/>' +
    '<path d="M22-140c-26-30 26-50 0-80s26-44 0-70" stroke-width="5" opacity=".3"/></g>' +
    path('M-62 0h124l-22-30h-80z', 'url(#au)') +
    `<rect x="-18" y="-78" width="36" height="50" fill="${hsl(hue, 45, 28)}"/>` +
    path('M-84-120h168c0 32-34 44-84 44s-84-12-84-44z', 'url(#au)') +
    `<ellipse cy="-120" rx="78" ry="10" fill="${hsl(hue, 40, 18)}"/>` +
    `<ellipse cx="-14" cy="-124" rx="16" ry="6" fill="#e8590c"/>`
  );
}

// ---------------------------------------------------------------- backgrounds

/** background pattern over a size×size square */
function pattern(kind: number, size: number, seed: number): { defs: string; body: string } {
  const tile = (w: number, inner: string, extra = '') =>
    `<pattern id="pt" width="${w}" height="${w}" patternUnits="userSpaceOnUse"${extra}>${inner}</pattern>`;
  const fillAll = `<rect width="${size}" height="${size}" fill="url(#pt)" opacity=".22"/>`;
  switch (kind % 5) {
    case 0:
      return { defs: tile(36, '<circle cx="18" cy="18" r="4" fill="#fff"/>'), body: fillAll };
    case 1:
      return { defs: tile(44, '<rect width="14" height="44" fill="#fff"/>', ' patternTransform="rotate(40)"'), body: fillAll };
    case 2:
      return { defs: tile(80, star8(40, 40, 12, '#fff')), body: fillAll };
    case 3: {
      // bokeh: a few soft circles placed from the seed
      let body = '';
      for (let i = 0; i < 7; i++) {
        const v = hash(`${seed}:${i}`);
        body += `<circle cx="${v % size}" cy="${(v >>> 10) % size}" r="${20 + ((v >>> 20) % 60)}" fill="#fff" opacity=".18"/>`;
      }
      return { defs: '', body };
    }
    default: {
      // mihrab arches
      const c = size / 2;
      const arch = (r: number) => `M${c - r} ${size}V${n(size * 0.45)}a${r} ${r} 0 0 1 ${2 * r} 0V${size}`;
      return { defs: '', body: path(arch(size * 0.3) + arch(size * 0.42), 'none', ' stroke="#fff" stroke-width="12" opacity=".3"') };
    }
  }
}

/** gradient backdrop, pattern, centre glow and floor shadow */
function backdrop(size: number, hue: number, kind: number, seed: number, shadowW: number): { defs: string; body: string } {
  const p = pattern(kind, size, seed);
  const floor = n(size * 0.8);
  return {
    defs: lin('bg', [hsl(hue, 60, 94), hsl(hue + 20, 45, 72)], 1, 1) + rad('gl', [['#fff', 0.75], ['#fff', 0]]) + p.defs,
    body:
      `<rect width="${size}" height="${size}" fill="url(#bg)"/>${p.body}` +
      `<circle cx="${size / 2}" cy="${n(size * 0.48)}" r="${n(size * 0.38)}" fill="url(#gl)"/>` +
      `<rect y="${floor}" width="${size}" height="${n(size - floor)}" fill="${hsl(hue, 40, 30)}" opacity=".1"/>` +
      `<ellipse cx="${size / 2}" cy="${floor + 4}" rx="${n(shadowW)}" ry="${n(size * 0.026)}" fill="#000" opacity=".18"/>`,
  };
}

// ---------------------------------------------------------------- public API

/**
 * 600×600 product picture. The title picks the bottle and cap (so every image
 * of one product shows the same bottle); variant 0..4 changes the angle, zoom,
 * background hue and pattern (main image, gallery and how-to-use images).
 */
export function productSvg(opts: { title: string; hue: number; variant: number }): string {
  const h = hash(opts.title);
  const v = ((opts.variant % 5) + 5) % 5;
  const [shape, capStyle] = [h % 5, (h >>> 4) % 4];
  const fit = Math.min(1.35, 400 / bottleHeight(shape, capStyle), 370 / SHAPES[shape]!.w);
  const scale = n(fit * [1, 0.92, 1.04, 0.86, 0.98][v]!);
  const bgHue = opts.hue + [0, 18, -18, 30, -30][v]!;
  const b = bottle(shape, capStyle, opts.hue, 'b');
  const bd = backdrop(600, bgHue, v + (h >>> 8), h + v, SHAPES[shape]!.w * 0.55 * scale);
  return svg(600, 600, bd.defs + b.defs, bd.body + at(300, 480, b.g, scale, [0, -7, 5, -3, 9][v]));
}

/**
 * 300×300 gift picture. Variant picks the object, in SEED_GIFTS order:
 * 0 sample vial, 1 bakhoor pack, 2 travel atomizer, 3 candle, 4 musk tube, 5 tote bag.
 */
export function giftSvg(opts: { hue: number; variant: number }): string {
  const { hue } = opts;
  const v = ((opts.variant % 6) + 6) % 6;
  const bd = backdrop(300, hue, v, v * 31 + hue, 70);
  let defs = bd.defs;
  let body: string;
  const tint = hsl(hue, 55, 50);
  switch (v) {
    case 0: {
      const b = bottle(2, 2, hue, 'v');
      defs += b.defs;
      body = at(150, 242, b.g, 0.48);
      break;
    }
    case 1:
      body = at(150, 242, giftBox(130, 110, hue));
      break;
    case 2:
      defs += lin('mt', [hsl(hue, 25, 88), hsl(hue, 35, 52), hsl(hue, 30, 90)], 1, 0);
      body =
        path(rr(124, 62, 52, 30, 6), 'url(#au)') +
        path(rr(116, 88, 68, 154, 16), 'url(#mt)') +
        path(rr(140, 130, 20, 90, 10), tint, ' opacity=".85"') +
        `<rect x="116" y="100" width="68" height="4" fill="#fff" opacity=".5"/>`;
      break;
    case 3:
      defs += rad('fl', ['#fff6c2', '#ffb347', '#e8590c']);
      body =
        path('M150 72c-20 28-18 48 0 56c18-8 20-28 0-56z', 'url(#fl)') +
        `<rect x="148" y="122" width="4" height="22" fill="#333"/>` +
        path(rr(92, 140, 116, 102, 18), hsl(hue, 30, 94), ' opacity=".9"') +
        path(rr(100, 150, 100, 84, 12), hsl(hue, 55, 72)) +
        `<rect x="92" y="190" width="116" height="16" fill="url(#au)"/>`;
      break;
    case 4:
      body =
        path('M112 72h76l-8 138h-60z', hsl(hue, 45, 92), ' stroke="' + tint + '" stroke-width="3"') +
        path(rr(106, 60, 88, 16, 3), hsl(hue, 20, 80)) +
        `<rect x="120" y="120" width="60" height="40" rx="4" fill="${tint}"/>` +
        path(rr(118, 206, 64, 36, 8), 'url(#au)');
      break;
    default:
      body =
        path('M114 118c0-64 72-64 72 0', 'none', ` stroke="${hsl(hue, 40, 32)}" stroke-width="9"`) +
        path('M80 112h140l14 130H66z', hsl(hue, 35, 86)) +
        star8(150, 178, 20, 'url(#au)');
  }
  return svg(300, 300, defs, bd.body + body);
}

/**
 * 400×400 category picture. Variant picks the motif, in SEED_CATEGORIES order:
 * 0 oud, 1 men's flacon, 2 women's round bottle, 3 mist, 4 bakhoor burner, 5 gift box.
 */
export function categorySvg(opts: { hue: number; variant: number }): string {
  const { hue } = opts;
  const v = ((opts.variant % 6) + 6) % 6;
  const bd = backdrop(400, hue, v + 2, v * 17 + hue, 100);
  let defs = bd.defs;
  let body = '';
  const bottleAt = (shape: number, cap: number, scale: number, x = 200) => {
    const b = bottle(shape, cap, hue, `k${shape}`);
    defs += b.defs;
    return at(x, 320, b.g, scale);
  };
  switch (v) {
    case 0: {
      const chip = (x: number, a: number) => at(x, 318, path('M-26 0l8-16 30-4 16 12-6 8z', hsl(hue, 55, 22)), 1, a);
      body = bottleAt(4, 3, 0.78) + chip(110, -8) + chip(296, 12) + chip(318, -4);
      break;
    }
    case 1:
      body = bottleAt(0, 0, 0.8);
      break;
    case 2: {
      const petal = (x: number, y: number, a: number) =>
        `<ellipse cx="${x}" cy="${y}" rx="16" ry="8" fill="${hsl(hue, 70, 70)}" transform="rotate(${a} ${x} ${y})"/>`;
      body = bottleAt(1, 1, 0.8) + petal(96, 300, 20) + petal(300, 306, -30) + petal(320, 120, 50) + petal(80, 140, -40);
      break;
    }
    case 3: {
      let dots = '';
      for (let i = 0; i < 9; i++) dots += `<circle cx="${244 + (i % 3) * 22 + i * 4}" cy="${52 + Math.floor(i / 3) * 18 + (i % 2) * 8}" r="${4 - (i % 3)}" fill="#fff" opacity=".8"/>`;
      body = bottleAt(2, 1, 0.72, 180) + dots;
      break;
    }
    case 4:
      body = at(200, 320, mabkhara(hue), 0.88);
      break;
    default:
      body = at(200, 320, giftBox(200, 170, hue));
  }
  return svg(400, 400, defs, bd.body + body);
}

/** 1600×700 home banner: dark plum-to-amber backdrop, gold arcs, three bottles on the right (left kept calm for text). */
export function heroSvg(): string {
  const bottles: [x: number, scale: number, shape: number, cap: number, hue: number][] = [
    [935, 0.72, 1, 1, 45],
    [1370, 0.86, 0, 0, 340],
    [1150, 1.14, 4, 3, 28],
  ];
  let defs =
    lin('hb', ['#1c1030', '#3d1634', '#5e2b1c'], 1, 1) +
    rad('hg', [['#f3c969', 0.5], ['#f3c969', 0]]) +
    `<pattern id="pt" width="90" height="90" patternUnits="userSpaceOnUse">${star8(45, 45, 14, '#f3c969')}</pattern>`;
  let body =
    '<rect width="1600" height="700" fill="url(#hb)"/><rect width="1600" height="700" fill="url(#pt)" opacity=".06"/>' +
    '<circle cx="1150" cy="360" r="360" fill="url(#hg)"/><circle cx="180" cy="640" r="300" fill="url(#hg)" opacity=".5"/>' +
    '<g fill="none" stroke="url(#au)"><circle cx="1150" cy="380" r="300" stroke-width="2" opacity=".4"/><circle cx="1150" cy="380" r="370" opacity=".2"/>' +
    '<path d="M0 560C300 470 520 650 820 560S1300 420 1600 520" stroke-width="3" opacity=".35"/></g>' +
    '<ellipse cx="1150" cy="612" rx="420" ry="34" fill="#000" opacity=".35"/>';
  bottles.forEach(([x, scale, shape, cap, hue], i) => {
    const b = bottle(shape, cap, hue, `h${i}`);
    defs += b.defs;
    body += at(x, 604, b.g, scale);
  });
  body += sparkle(860, 180, 16) + sparkle(1480, 140, 12) + sparkle(1010, 90, 9) + sparkle(1290, 250, 10);
  return svg(1600, 700, defs, body);
}

/** 1200×600 about-page art: cream backdrop, three gold mihrab arches, a mabkhara between two bottles. */
export function aboutSvg(): string {
  const left = bottle(3, 3, 20, 'a');
  const right = bottle(1, 1, 330, 'r');
  const arch = (x: number) => `M${x - 150} 520V300a150 150 0 0 1 300 0V520z`;
  const defs = lin('ab', ['#fbf4e6', '#eed8b8'], 1, 1) + lin('aw', ['#fffaf0', '#f3e1c4']) + left.defs + right.defs;
  const body =
    '<rect width="1200" height="600" fill="url(#ab)"/>' +
    path(arch(300) + arch(600) + arch(900), 'url(#aw)', ' stroke="url(#au)" stroke-width="6"') +
    star8(600, 76, 20, 'url(#au)') +
    '<rect y="520" width="1200" height="80" fill="#8a5a2b" opacity=".18"/>' +
    '<ellipse cx="600" cy="524" rx="420" ry="18" fill="#000" opacity=".15"/>' +
    at(300, 522, left.g, 0.72) +
    at(900, 522, right.g, 0.78) +
    at(600, 522, mabkhara(25), 1.15) +
    sparkle(170, 150, 12) +
    sparkle(1040, 180, 14);
  return svg(1200, 600, defs, body);
}

/**
 * 600×600 neutral picture of a product with no photo yet (PRODUCT_PLACEHOLDER_IMAGE):
 * a plain grey bottle on a light ground, no colour of any product, no text.
 */
export function placeholderSvg(): string {
  return svg(600, 600, '', [
    `<rect width="600" height="600" fill="#f1ede6"/>`,
    path(rr(262, 120, 76, 70, 10), '#c9c2b8'),
    path(rr(282, 190, 36, 40, 4), '#d6d0c7'),
    path(rr(190, 230, 220, 270, 48), '#ddd7ce'),
    path(rr(215, 300, 170, 110, 14), '#ebe6de'),
  ].join(''));
}
