// npm run bench:photos — what a phone's photo costs the server: a 4000 × 3000 JPEG (a gradient
// with noise, quality 92, about 4 MB) uploaded over HTTP on this machine to a real server, made
// into its WebP sizes; the bytes of each size; and, for the decision on AVIF, the same photo made
// with AVIF as well. Prints figures, asserts nothing. Not part of `npm test`.
//
//   BENCH_PHOTO_RUNS=5   uploads timed (the median and the slowest are printed)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../server/app.ts';
import { makeVariants } from '../server/services/image-variants.ts';

const RUNS = Number(process.env.BENCH_PHOTO_RUNS ?? 5);
const OWNER_PASSWORD = 'bench-owner-1';

/**
 * A photo-like 4000 × 3000 picture: smooth light, detail at several scales (as a bottle, its label
 * and the cloth under it have), and grain. Detail of a few pixels only would average away when
 * the picture is made smaller, and leave the smaller sizes unrealistically cheap.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const data = Buffer.alloc(width * height * 3);
  const hash = (x: number, y: number, salt: number) => {
    let h = (x * 374761393 + y * 668265263 + salt * 2147483647) | 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  // Blocks of 7, 23 and 71 px (detail the 1024 px size still shows), and per-pixel grain.
  const octaves = [[7, 22], [23, 26], [71, 30]] as const;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let detail = 0;
      for (const [size, amount] of octaves) detail += (hash(Math.floor(x / size), Math.floor(y / size), size) - 0.5) * amount;
      const grain = (hash(x, y, 1) - 0.5) * 20;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, ((x + y) * 180) / (width + height) + 40 + detail + grain));
      data[i + 1] = Math.max(0, Math.min(255, (y * 150) / height + 50 + detail * 0.8 + grain));
      data[i + 2] = Math.max(0, Math.min(255, 120 + 70 * Math.sin(x / 150) * Math.cos(y / 210) + detail * 0.6 + grain));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const photo = await phonePhoto();
  console.log(`Photo: 4000 × 3000 JPEG, quality 92, ${(photo.length / 1024 / 1024).toFixed(2)} MB (${photo.length} bytes)`);
  console.log(`Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);

  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-photos-'));
  const app = await buildApp({
    config: { databaseUrl: ':memory:', logLevel: 'silent', mediaDir, distDir: path.join(mediaDir, 'no-dist'), demoOwnerPassword: OWNER_PASSWORD },
    logger: false,
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${address}/api/user/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'owner@attar.eg', password: OWNER_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const product = await app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();

    // Uploads: the whole request, from the first byte sent to the answer read (sending, reading, making, writing, the rows).
    const times: number[] = [];
    let variants: { width: number; height: number; url: string; type: string }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const body = new FormData();
      body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
      const started = performance.now();
      const res = await fetch(`${address}/api/admin/products/${product.id}/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
      const answer = (await res.json()) as { data: { images: { id: number; variants: typeof variants }[] } };
      times.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      const added = answer.data.images.at(-1)!;
      variants = added.variants;
      // Deleted again (but the last), so the product never reaches its most photos.
      if (run < RUNS - 1) await fetch(`${address}/api/admin/products/${product.id}/images/${added.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    }
    console.log(`\nUpload + processing over HTTP (${RUNS} runs): median ${ms(median(times))}, slowest ${ms(Math.max(...times))}, fastest ${ms(Math.min(...times))}`);
    console.log('WebP sizes the shop keeps:');
    for (const v of variants) {
      const bytes = fs.statSync(path.join(mediaDir, v.url.replace(/^\/media\//, ''))).size;
      console.log(`  ${String(v.width).padStart(4)} × ${String(v.height).padEnd(4)} ${v.type.padEnd(10)} ${String(bytes).padStart(7)} bytes (${kb(bytes)})`);
    }
    const webpTotal = variants.reduce((n, v) => n + fs.statSync(path.join(mediaDir, v.url.replace(/^\/media\//, ''))).size, 0);
    console.log(`  together ${kb(webpTotal)}, ${((100 * webpTotal) / photo.length).toFixed(1)} % of the upload`);

    // The processing alone, WebP only and WebP with AVIF: what AVIF would add to every upload.
    const alone = async (avif: boolean) => {
      const spent: number[] = [];
      let made: Awaited<ReturnType<typeof makeVariants>> | undefined;
      for (let run = 0; run < RUNS; run++) {
        const dir = fs.mkdtempSync(path.join(mediaDir, 'alone-'));
        const started = performance.now();
        made = await makeVariants(photo, dir, { avif });
        spent.push(performance.now() - started);
      }
      return { spent, made: made! };
    };
    const webp = await alone(false);
    const both = await alone(true);
    console.log(`\nProcessing alone (${RUNS} runs): WebP ${ms(median(webp.spent))} median; WebP + AVIF ${ms(median(both.spent))} median (AVIF adds ${ms(median(both.spent) - median(webp.spent))})`);
    for (const v of both.made.variants.filter((x) => x.type === 'image/avif')) {
      const same = both.made.variants.find((x) => x.type === 'image/webp' && x.width === v.width)!;
      console.log(`  ${String(v.width).padStart(4)} px: AVIF ${String(v.bytes).padStart(7)} bytes vs WebP ${String(same.bytes).padStart(7)} (${((100 * v.bytes) / same.bytes).toFixed(0)} %)`);
    }
  } finally {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

await main();
