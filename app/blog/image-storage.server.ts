/**
 * Where blog images live: the Supabase Storage bucket `blog-images` when
 * Supabase is configured, else a folder under DATA_DIR that the app serves itself.
 * The admin layout makes sure the place exists (creating the bucket when it is missing); a failure
 * is only a warning, and the next admin page view tries again.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { BLOG_IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from "#app/blog/editor-form.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";

export { BLOG_IMAGE_MAX_BYTES, UPLOAD_MESSAGES };
export const BLOG_IMAGE_BUCKET = "blog-images";

export type BlogImageStorage = { kind: "supabase"; url: string; key: string } | { kind: "local"; dir: string };

export function blogImageStorage(): BlogImageStorage {
  const env = getEnv();
  if (env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
    // Creating a bucket and writing to it are server-side operations: the service key when
    // given, else the anon key (which then needs storage policies that allow it).
    return { kind: "supabase", url: env.SUPABASE_URL, key: env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_ANON_KEY };
  }
  return { kind: "local", dir: path.resolve(env.DATA_DIR, "uploads", BLOG_IMAGE_BUCKET) };
}

/** Creates the bucket (public, images only, 5 MB) or the folder when missing. */
export async function setUpBlogStorage(storage: BlogImageStorage = blogImageStorage()): Promise<void> {
  if (storage.kind === "local") {
    await fs.mkdir(storage.dir, { recursive: true });
    return;
  }
  const client = createClient(storage.url, storage.key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const existing = await client.storage.getBucket(BLOG_IMAGE_BUCKET);
  if (!existing.error) return;
  const created = await client.storage.createBucket(BLOG_IMAGE_BUCKET, {
    public: true,
    fileSizeLimit: BLOG_IMAGE_MAX_BYTES,
    allowedMimeTypes: ["image/*"],
  });
  // Another app server may have created it in between.
  if (created.error && !/already exists/i.test(created.error.message)) throw created.error;
}

let ready: Promise<void> | undefined;

/** setUpBlogStorage once per process; failures are logged as warnings and retried on a later call. */
export function ensureBlogStorage(): Promise<void> {
  ready ??= setUpBlogStorage().catch((error: unknown) => {
    ready = undefined;
    log.warn("blog storage setup failed", { error: error instanceof Error ? error.message : String(error) });
  });
  return ready;
}

/** An upload that cannot be stored; the message is Swedish and safe to show. */
export class UploadError extends Error {
  override name = "UploadError";
}

const IMAGE_TYPES = [
  { mime: "image/jpeg", exts: ["jpg", "jpeg"], test: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: "image/png",
    exts: ["png"],
    test: (b: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  { mime: "image/gif", exts: ["gif"], test: (b: Uint8Array) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { mime: "image/webp", exts: ["webp"], test: (b: Uint8Array) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  { mime: "image/avif", exts: ["avif"], test: (b: Uint8Array) => ascii(b, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(b, 8, 12)) },
] as const;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.slice(start, end));
}

/**
 * What an uploaded file really is, by its first bytes (never by its name or the browser's
 * word): one of the raster formats, or null. SVG is refused: it can carry scripts.
 */
export function detectImage(bytes: Uint8Array): { mime: string; ext: string; exts: readonly string[] } | null {
  const type = IMAGE_TYPES.find((candidate) => candidate.test(bytes));
  return type ? { mime: type.mime, ext: type.exts[0], exts: type.exts } : null;
}

/** Stores an uploaded image under a random UUID plus its extension; returns the address to use. */
export async function storeBlogImage(file: File, storage: BlogImageStorage = blogImageStorage()): Promise<{ url: string }> {
  if (file.size === 0) throw new UploadError(UPLOAD_MESSAGES.empty);
  if (file.size > BLOG_IMAGE_MAX_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImage(bytes);
  if (!type) throw new UploadError(UPLOAD_MESSAGES.notImage);
  // The original extension when it names the same format ('.jpeg' stays '.jpeg'), else the format's own.
  const original = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const name = `${crypto.randomUUID()}.${original && type.exts.includes(original) ? original : type.ext}`;
  if (storage.kind === "local") {
    await fs.mkdir(storage.dir, { recursive: true });
    await fs.writeFile(path.join(storage.dir, name), bytes, { flag: "wx" });
    return { url: `${LOCAL_UPLOADS_PATH}/${name}` };
  }
  const bucket = supabaseBucket(storage);
  const { error } = await bucket.upload(name, bytes, { contentType: type.mime, cacheControl: "3600", upsert: false });
  if (error) throw error;
  return { url: bucket.getPublicUrl(name).data.publicUrl };
}

/** Where the app serves locally stored blog images (server/app.ts). */
export const LOCAL_UPLOADS_PATH = "/uploads/blog-images";

function supabaseBucket(storage: { url: string; key: string }) {
  const client = createClient(storage.url, storage.key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client.storage.from(BLOG_IMAGE_BUCKET);
}

/** The names storeBlogImage gives: only these are ever removed, whatever else shares the place. */
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;

export interface StoredBlogImage {
  name: string;
  storedAt: Date;
}

/** Every uploaded image in the storage, with when it was stored. */
export async function listBlogImages(storage: BlogImageStorage = blogImageStorage()): Promise<StoredBlogImage[]> {
  if (storage.kind === "local") {
    let names: string[];
    try {
      names = await fs.readdir(storage.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []; // nothing uploaded yet
      throw error;
    }
    const images: StoredBlogImage[] = [];
    for (const name of names.filter((candidate) => UPLOAD_NAME.test(candidate))) {
      const stat = await fs.stat(path.join(storage.dir, name)).catch(() => null);
      if (stat?.isFile()) images.push({ name, storedAt: stat.mtime });
    }
    return images;
  }
  const bucket = supabaseBucket(storage);
  const images: StoredBlogImage[] = [];
  const PAGE = 1000;
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await bucket.list("", { limit: PAGE, offset, sortBy: { column: "name", order: "asc" } });
    // No bucket yet (no administrator has opened the back office): nothing uploaded.
    if (error && /bucket not found/i.test(error.message)) return [];
    if (error) throw error;
    for (const object of data) {
      // Folders come back with no id and no dates.
      if (object.id && object.created_at && UPLOAD_NAME.test(object.name))
        images.push({ name: object.name, storedAt: new Date(object.created_at) });
    }
    if (data.length < PAGE) return images;
  }
}

/** Removes uploaded images by name; returns how many were removed. */
export async function removeBlogImages(names: string[], storage: BlogImageStorage = blogImageStorage()): Promise<number> {
  const valid = names.filter((name) => UPLOAD_NAME.test(name));
  if (storage.kind === "local") {
    let removed = 0;
    for (const name of valid) {
      try {
        await fs.unlink(path.join(storage.dir, name));
        removed++;
      } catch (error) {
        // Another app server's housekeeping got there first.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    return removed;
  }
  const bucket = supabaseBucket(storage);
  let removed = 0;
  for (let start = 0; start < valid.length; start += 100) {
    const { data, error } = await bucket.remove(valid.slice(start, start + 100));
    if (error) throw error;
    removed += data.length;
  }
  return removed;
}

/**
 * Removes uploads no post uses: an image is uploaded before the post that shows it is saved,
 * and a post never saved (or saved with another image) leaves it behind. Only images stored
 * longer ago than `olderThan` go, so an editor has a day to save what was just uploaded.
 * `inUse` tells which of the names some post still refers to.
 */
export async function removeUnusedBlogImages(options: {
  olderThan: Date;
  inUse: (names: string[]) => Promise<Set<string>>;
  storage?: BlogImageStorage;
}): Promise<number> {
  const storage = options.storage ?? blogImageStorage();
  const old = (await listBlogImages(storage)).filter((image) => image.storedAt < options.olderThan).map((image) => image.name);
  if (!old.length) return 0;
  const used = await options.inUse(old);
  return removeBlogImages(
    old.filter((name) => !used.has(name)),
    storage,
  );
}
