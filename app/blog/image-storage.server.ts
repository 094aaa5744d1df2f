/**
 * Where blog images live (DESIGN §2): the Supabase Storage bucket `blog-images` when
 * Supabase is configured, else a folder under DATA_DIR that the app serves itself.
 * The admin layout makes sure the place exists (the spec's setup-blog-storage); a failure
 * is only a warning, and the next admin page view tries again.
 */
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
