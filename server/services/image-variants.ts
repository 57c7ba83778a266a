// A photo the owner uploads, made into the sizes the shop serves (sharp, over libvips): turned
// upright by its EXIF orientation, every piece of metadata dropped (the camera, the time, the GPS
// position), and written as WebP at each of VARIANT_WIDTHS up to the photo's own width, under
// content-hashed names in the media folder (cached for a year: a new picture is a new name).
//
// Files are written whole before anything points at them: each to a temporary name beside its
// final one, flushed to disk, then renamed into place (a rename is atomic), and the folder
// flushed. The caller inserts the rows afterwards and removes the files it was given if that fails:
// a crash at any point leaves at most files no row names, never a row naming half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { AppError } from '../errors.ts';
import { VARIANT_WIDTHS } from '../contract/images.ts';
import { MAX_IMAGE_BYTES } from '../contract/admin-photos.ts';

/** Where uploaded photos live, under the media folder, and their URLs. */
export const PHOTOS_FOLDER = 'products';
export const PHOTOS_URL = `/media/${PHOTOS_FOLDER}/`;
/** What a product with no photo shows (written at start, see ensurePlaceholder). */
export const PLACEHOLDER_URL = `${PHOTOS_URL}placeholder.svg`;

/** A file this module made: `<16 hex of its content's SHA-256>-<width>.<ext>`. Only these are ever removed. */
export const MADE_FILE = /^[0-9a-f]{16}-\d{1,5}\.(webp|avif)$/;

/**
 * The most pixels a photo may have: 100 MP (a 108 MP phone's full size is refused, its usual 12 MP
 * is not). Decoding is what costs memory (3 bytes a pixel), and a small file can claim a huge size.
 */
export const MAX_PIXELS = 100_000_000;

/** What the server takes, by what the file is (sharp's reading), never by its name. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

/** WebP's quality: 78 keeps a product photo's texture and fine print, at about a tenth of a phone JPEG. */
const WEBP = { quality: 78, effort: 4 } as const;
/** AVIF, when asked for (bench/photos.ts weighs it): smaller than WebP, much slower to make. */
const AVIF = { quality: 55, effort: 2 } as const;

export interface StoredVariant {
  width: number;
  height: number;
  url: string;
  type: string;
  bytes: number;
}

export interface MadeImage {
  /** the photo as it shows, after the camera's rotation */
  width: number;
  height: number;
  /** the largest WebP: the picture's own URL */
  url: string;
  /** smallest first; WebP, then AVIF where asked for */
  variants: StoredVariant[];
  /** the files this call put in place that were not there before: the caller removes them if its rows fail */
  created: string[];
}

export interface MakeOptions {
  /** also AVIF at each width (off in the shop: see docs/decisions.md, "Product photos") */
  avif?: boolean;
}

const sharpInput = { failOn: 'warning', limitInputPixels: MAX_PIXELS, sequentialRead: true } as const;

/** The widths to make: each of VARIANT_WIDTHS narrower than the photo, and the photo's own width when it is narrower than the largest. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]) widths.push(width);
  return widths;
}

/** A refusal of the file (422), in the caller's language: said as the answer's message, and named under the form's field `image`. */
export function imageRefused(key: 'image_not_image' | 'image_damaged' | 'image_type' | 'image_heic' | 'image_too_many_pixels'): AppError {
  const params = key === 'image_too_many_pixels' ? { megapixels: MAX_PIXELS / 1_000_000 } : undefined;
  return new AppError(422, key, params, { image: [{ key, params }] });
}

export const imageTooLarge = () => new AppError(413, 'image_too_large', { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });

/** The photo's size as it shows: EXIF orientations 5 to 8 turn it a quarter. */
function upright(meta: Metadata): { width: number; height: number } {
  const { width = 0, height = 0, orientation = 1 } = meta;
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Reads `input`, refuses what is not a whole JPEG, PNG, WebP or HEIF (422, the field `image`), and
 * writes its variants into `mediaDir`/products. Nothing is left behind when it throws.
 */
export async function makeVariants(input: Buffer, mediaDir: string, options: MakeOptions = {}): Promise<MadeImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, sharpInput).metadata();
  } catch {
    throw imageRefused('image_not_image');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw imageRefused('image_type');
  // HEIF holding HEVC (an iPhone's HEIC): the prebuilt libvips reads only AV1 in HEIF (AVIF), not HEVC.
  if (meta.format === 'heif' && meta.compression !== 'av1') throw imageRefused('image_heic');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw imageRefused('image_too_many_pixels');
  const size = upright(meta);
  if (!size.width || !size.height) throw imageRefused('image_not_image');
  const widths = variantWidths(size.width);

  // Decoded once, upright, at the largest width made; each size is then made from those pixels.
  // The output carries no metadata: sharp writes none unless asked (withMetadata), so the EXIF
  // (GPS included), XMP, IPTC and the ICC profile go (the pixels are turned into sRGB first).
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, sharpInput)
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw imageRefused('image_too_many_pixels');
    throw imageRefused('image_damaged');
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } } as const;
  const encode = (width: number, type: 'webp' | 'avif') => {
    const pipeline = sharp(base.data, raw).resize({ width, withoutEnlargement: true });
    return (type === 'webp' ? pipeline.webp(WEBP) : pipeline.avif(AVIF)).toBuffer({ resolveWithObject: true });
  };
  const types: ('webp' | 'avif')[] = options.avif ? ['webp', 'avif'] : ['webp'];
  const encoded = await Promise.all(types.flatMap((type) => widths.map(async (width) => ({ type, ...(await encode(width, type)) }))));

  const folder = path.join(mediaDir, PHOTOS_FOLDER);
  await fs.promises.mkdir(folder, { recursive: true });
  const created: string[] = [];
  const variants: StoredVariant[] = [];
  try {
    for (const { type, data, info } of encoded) {
      const name = `${crypto.createHash('sha256').update(data).digest('hex').slice(0, 16)}-${info.width}.${type}`;
      if (await putFile(path.join(folder, name), data)) created.push(path.join(folder, name));
      variants.push({ width: info.width, height: info.height, url: `${PHOTOS_URL}${name}`, type: `image/${type}`, bytes: data.length });
    }
    await syncFolder(folder);
  } catch (error) {
    await removeFiles(created);
    throw error;
  }
  const largest = variants.filter((v) => v.type === 'image/webp').at(-1)!;
  return { ...size, url: largest.url, variants, created };
}

/**
 * Writes `data` at `file` whole or not at all: to a temporary name in the same folder, flushed,
 * then renamed into place. Answers whether the file is new (an identical one may be there: the
 * same photo uploaded twice has the same name, and is left to the rows that name it).
 */
async function putFile(file: string, data: Buffer): Promise<boolean> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.promises.open(temporary, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    const existed = fs.existsSync(file);
    if (existed) {
      await fs.promises.rm(temporary, { force: true });
      return false;
    }
    await fs.promises.rename(temporary, file);
    return true;
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** Flushes the folder itself, so the renames survive a power cut (where the platform lets a folder be opened). */
async function syncFolder(folder: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(folder, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder: the rename is as durable as it gets there.
  } finally {
    await handle?.close();
  }
}

/** Removes files, each at most once; one already gone is fine. */
export async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all([...new Set(files)].map((file) => fs.promises.rm(file, { force: true })));
}

/** The file behind a URL this module made, or null for any other (the demo shop's SVGs are never removed). */
export function madeFile(mediaDir: string, url: string): string | null {
  if (!url.startsWith(PHOTOS_URL)) return null;
  const name = url.slice(PHOTOS_URL.length);
  return MADE_FILE.test(name) ? path.join(mediaDir, PHOTOS_FOLDER, name) : null;
}

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<rect width="600" height="600" fill="#f3eee6"/>
<g fill="none" stroke="#c9b9a3" stroke-width="14" stroke-linejoin="round">
<rect x="170" y="200" width="260" height="200" rx="24"/><circle cx="300" cy="300" r="56"/><path d="M240 200l20-34h80l20 34"/>
</g>
</svg>
`;

/**
 * Writes the placeholder a product with no photo shows, when it is missing, and clears the
 * temporary files an upload cut short left (a crash between writing and renaming).
 */
export function ensurePhotosFolder(mediaDir: string): void {
  const folder = path.join(mediaDir, PHOTOS_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const placeholder = path.join(folder, 'placeholder.svg');
  if (!fs.existsSync(placeholder)) {
    const temporary = `${placeholder}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, PLACEHOLDER_SVG);
    fs.renameSync(temporary, placeholder);
  }
  const hourAgo = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(folder)) {
    if (!name.startsWith('.') || !name.endsWith('.tmp')) continue;
    const file = path.join(folder, name);
    // Only old ones: another process of the shop may be writing one now.
    try {
      if (fs.statSync(file).mtimeMs < hourAgo) fs.rmSync(file, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}
