/**
 * Uploaded blog images that no post uses are removed by the housekeeping once they are a day
 * old: an upload for a post never saved (or saved with another image) would otherwise stay
 * for good. A used image and a fresh one are kept, and so is anything in the storage that the
 * editor did not name. Both storages: the local folder and Supabase Storage (msw stand-in).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { createSupabaseStorageMock } from "#tests/msw/supabase-storage.ts";

process.env.SESSION_SECRET ??= "test-secret-0123456789-abcdefghijklmnop";

const { runHousekeeping } = await import("#app/operations/housekeeping.server.ts");
const { BLOG_IMAGE_BUCKET, LOCAL_UPLOADS_PATH, storeBlogImage } = await import("#app/blog/image-storage.server.ts");
const { testDatabases } = await import("#tests/db.ts");
type Storage = import("#app/blog/image-storage.server.ts").BlogImageStorage;

const storageMock = createSupabaseStorageMock();
const server = setupServer(...storageMock.handlers);
const tempDirs: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => {
  server.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const image = (label: string) => `${label.padEnd(8, "0")}-0000-4000-8000-000000000000.png`;

/** One storage kind: how to put an image in it as of a time, what is in it, and its public address. */
interface StorageCase {
  kind: string;
  open(): Storage;
  put(storage: Storage, name: string, storedAt: Date): void;
  names(storage: Storage): string[];
  address(storage: Storage, name: string): string;
}

const storages: StorageCase[] = [
  {
    kind: "local folder",
    open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-blog-images-"));
      tempDirs.push(dir);
      return { kind: "local", dir };
    },
    put(storage, name, storedAt) {
      const file = path.join((storage as { dir: string }).dir, name);
      fs.writeFileSync(file, PNG);
      fs.utimesSync(file, storedAt, storedAt);
    },
    names: (storage) => fs.readdirSync((storage as { dir: string }).dir).sort(),
    address: (_storage, name) => `${LOCAL_UPLOADS_PATH}/${name}`,
  },
  {
    kind: "Supabase Storage",
    open() {
      storageMock.reset();
      return { kind: "supabase", url: storageMock.url, key: "service-role-key" };
    },
    put: (_storage, name, storedAt) => storageMock.addObject(BLOG_IMAGE_BUCKET, name, storedAt),
    names: () => storageMock.names(BLOG_IMAGE_BUCKET),
    address: (_storage, name) => `${storageMock.url}/storage/v1/object/public/${BLOG_IMAGE_BUCKET}/${name}`,
  },
];

// PGlite only: the storages and the age rule are the subject; one plain query finds the images in use.
describe.each(testDatabases({ postgres: false }))("on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe.each(storages)("in the $kind", (kind) => {
    it("removes an unused upload older than a day, and keeps used ones, fresh ones and files it did not name", async () => {
      const storage = kind.open();
      const now = new Date();
      const dayAndHourAgo = new Date(now.getTime() - 25 * HOUR);
      const names = {
        unused: image("aaaa"),
        cover: image("bbbb"),
        inBlock: image("cccc"),
        fresh: image("dddd"),
        almostADay: image("eeee"),
      };
      for (const name of [names.unused, names.cover, names.inBlock]) kind.put(storage, name, dayAndHourAgo);
      kind.put(storage, names.almostADay, new Date(now.getTime() - 23 * HOUR));
      kind.put(storage, "notes.txt", dayAndHourAgo);
      // Uploaded just now, through the editor's own upload.
      const { url } = await storeBlogImage(new File([PNG], "ny.png", { type: "image/png" }), storage);
      const uploadedNow = url.split("/").pop()!;
      kind.put(storage, names.fresh, now);

      const slug = `bilder-${kind.kind.replace(/\W+/g, "-").toLowerCase()}`;
      await handle.db
        .insertInto("hotels_blog_posts")
        .values([
          { title: "Med omslag", slug: `${slug}-1`, cover_image: kind.address(storage, names.cover), content: "[]" },
          {
            title: "Med bild i texten",
            slug: `${slug}-2`,
            content: JSON.stringify([
              { type: "paragraph", content: "Se bilden." },
              { type: "image", url: kind.address(storage, names.inBlock), alt: "" },
            ]),
          },
        ])
        .execute();

      const removed = await runHousekeeping(now, storage, handle.db);
      expect(removed.unusedImages).toBe(1);
      expect(kind.names(storage)).toEqual([names.cover, names.inBlock, names.fresh, names.almostADay, "notes.txt", uploadedNow].sort());

      // A day later, only what a post uses is left of the editor's uploads.
      const later = await runHousekeeping(new Date(now.getTime() + 25 * HOUR), storage, handle.db);
      expect(later.unusedImages).toBe(3);
      expect(kind.names(storage)).toEqual([names.cover, names.inBlock, "notes.txt"].sort());
    });
  });

  it("counts nothing when there is no storage yet, and only warns when the storage is unreachable", async () => {
    const missing = path.join(os.tmpdir(), `hg-no-such-dir-${process.pid}`);
    expect((await runHousekeeping(new Date(), { kind: "local", dir: missing }, handle.db)).unusedImages).toBe(0);
    server.use(http.all("https://unreachable.supabase.test/*", () => HttpResponse.error()));
    const unreachable = await runHousekeeping(
      new Date(),
      {
        kind: "supabase",
        url: "https://unreachable.supabase.test",
        key: "k",
      },
      handle.db,
    );
    expect(unreachable.unusedImages).toBe(0);
  });
});
