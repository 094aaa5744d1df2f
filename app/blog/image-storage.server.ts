/**
 * Where blog images live (DESIGN §2): the Supabase Storage bucket `blog-images` when
 * Supabase is configured, else a folder under DATA_DIR that the app serves itself.
 * The admin layout makes sure the place exists (the spec's setup-blog-storage); a failure
 * is only a warning, and the next admin page view tries again.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { getEnv } from "#app/env.server.ts";
import { log } from "#app/log.server.ts";

export const BLOG_IMAGE_BUCKET = "blog-images";
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

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

export const UPLOAD_MESSAGES = {
  notImage: "Bara bildfiler (JPEG, PNG, GIF, WebP eller AVIF) kan laddas upp.",
  tooLarge: "Bilden får vara högst 5 MB.",
  empty: "Välj en bildfil att ladda upp.",
} as const;

const IMAGE_TYPES = [
  { mime: "image/jpeg", exts: ["jpg", "jpeg"], test: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: "image/png", exts: ["png"], test: (b: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte) },
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
  const client = createClient(storage.url, storage.key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const bucket = client.storage.from(BLOG_IMAGE_BUCKET);
  const { error } = await bucket.upload(name, bytes, { contentType: type.mime, cacheControl: "3600", upsert: false });
  if (error) throw error;
  return { url: bucket.getPublicUrl(name).data.publicUrl };
}

/** Where the app serves locally stored blog images (server/app.ts). */
export const LOCAL_UPLOADS_PATH = "/uploads/blog-images";
