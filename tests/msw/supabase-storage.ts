/**
 * A stand-in for Supabase Storage's HTTP API (storage-api behind the gateway, /storage/v1) for
 * msw v2: buckets and the objects in them, in memory. Third-party HTTP only.
 *
 * Shapes follow the real server as @supabase/storage-js reads them:
 * - GET /bucket/:id answers the bucket, or 400 {statusCode: "404", error: "Bucket not found"};
 *   POST /bucket {name, public, …} creates one ({name});
 * - POST /object/:bucket/:name (upload; x-upsert) answers {Key, Id}, 400 "Duplicate" when taken;
 * - POST /object/list/:bucket {prefix, limit, offset, sortBy, search} answers the objects
 *   directly under the prefix, {name, id, created_at, updated_at, last_accessed_at, metadata},
 *   folders with id, dates and metadata null;
 * - DELETE /object/:bucket {prefixes} removes those names and answers the removed objects.
 * The gateway refuses a missing `apikey` with 401 before storage sees it.
 *
 *   const storage = createSupabaseStorageMock();
 *   const server = setupServer(...storage.handlers);
 */
import { randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";

export interface StoredObject {
  name: string;
  id: string;
  createdAt: string;
  size: number;
  contentType: string;
}

export interface SupabaseStorageMockOptions {
  /** Project URL (default https://mock-project.supabase.co). */
  url?: string;
}

export function createSupabaseStorageMock(options: SupabaseStorageMockOptions = {}) {
  const url = options.url ?? "https://mock-project.supabase.co";
  const base = `${url}/storage/v1`;
  const buckets = new Map<string, Map<string, StoredObject>>();
  const requests: string[] = [];

  const bucketNotFound = () =>
    HttpResponse.json({ statusCode: "404", error: "Bucket not found", message: "Bucket not found" }, { status: 400 });
  const unauthorised = () =>
    HttpResponse.json(
      { message: "No API key found in request", hint: "No `apikey` request header or url param was found." },
      { status: 401 },
    );

  const asListed = (object: StoredObject) => ({
    name: object.name,
    id: object.id,
    updated_at: object.createdAt,
    created_at: object.createdAt,
    last_accessed_at: object.createdAt,
    metadata: {
      eTag: `"${object.id}"`,
      size: object.size,
      mimetype: object.contentType,
      cacheControl: "max-age=3600",
      lastModified: object.createdAt,
      contentLength: object.size,
      httpStatusCode: 200,
    },
  });

  const handlers = [
    http.get(`${base}/bucket/:id`, ({ request, params }) => {
      if (!request.headers.get("apikey")) return unauthorised();
      const id = String(params.id);
      requests.push(`GET bucket ${id}`);
      return buckets.has(id) ? HttpResponse.json({ id, name: id, public: true }) : bucketNotFound();
    }),
    http.post(`${base}/bucket`, async ({ request }) => {
      if (!request.headers.get("apikey")) return unauthorised();
      const body = (await request.json()) as { name: string };
      requests.push(`POST bucket ${body.name}`);
      if (buckets.has(body.name))
        return HttpResponse.json({ statusCode: "409", error: "Duplicate", message: "The resource already exists" }, { status: 400 });
      buckets.set(body.name, new Map());
      return HttpResponse.json({ name: body.name });
    }),
    // Before the upload route: "list/<bucket>" would match ":bucket/:name" too.
    http.post(`${base}/object/list/:bucket`, async ({ request, params }) => {
      if (!request.headers.get("apikey")) return unauthorised();
      const bucket = buckets.get(String(params.bucket));
      const body = (await request.json()) as {
        prefix?: string;
        limit?: number;
        offset?: number;
        sortBy?: { column: string; order: string };
      };
      requests.push(`LIST ${String(params.bucket)} offset=${body.offset ?? 0}`);
      if (!bucket) return bucketNotFound();
      const prefix = body.prefix ? `${body.prefix.replace(/\/$/, "")}/` : "";
      const entries = new Map<
        string,
        ReturnType<typeof asListed> | { name: string; id: null; updated_at: null; created_at: null; last_accessed_at: null; metadata: null }
      >();
      for (const object of bucket.values()) {
        if (!object.name.startsWith(prefix)) continue;
        const rest = object.name.slice(prefix.length);
        const slash = rest.indexOf("/");
        if (slash === -1) entries.set(rest, { ...asListed(object), name: rest });
        else
          entries.set(rest.slice(0, slash), {
            name: rest.slice(0, slash),
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
      }
      const sorted = [...entries.values()].sort((a, b) => a.name.localeCompare(b.name));
      if (body.sortBy?.order === "desc") sorted.reverse();
      const offset = body.offset ?? 0;
      return HttpResponse.json(sorted.slice(offset, offset + (body.limit ?? 100)));
    }),
    http.post(`${base}/object/:bucket/*`, async ({ request, params }) => {
      if (!request.headers.get("apikey")) return unauthorised();
      const bucketId = String(params.bucket);
      const name = decodeURIComponent(new URL(request.url).pathname.slice(`/storage/v1/object/${bucketId}/`.length));
      const bucket = buckets.get(bucketId);
      requests.push(`UPLOAD ${bucketId}/${name}`);
      if (!bucket) return bucketNotFound();
      if (bucket.has(name) && request.headers.get("x-upsert") !== "true") {
        return HttpResponse.json({ statusCode: "409", error: "Duplicate", message: "The resource already exists" }, { status: 400 });
      }
      const bytes = new Uint8Array(await request.arrayBuffer());
      const object = {
        name,
        id: randomUUID(),
        createdAt: new Date().toISOString(),
        size: bytes.length,
        contentType: request.headers.get("content-type") ?? "application/octet-stream",
      };
      bucket.set(name, object);
      return HttpResponse.json({ Key: `${bucketId}/${name}`, Id: object.id });
    }),
    http.delete(`${base}/object/:bucket`, async ({ request, params }) => {
      if (!request.headers.get("apikey")) return unauthorised();
      const bucketId = String(params.bucket);
      const bucket = buckets.get(bucketId);
      const body = (await request.json()) as { prefixes: string[] };
      requests.push(`DELETE ${bucketId} ${body.prefixes.join(",")}`);
      if (!bucket) return bucketNotFound();
      const removed = body.prefixes.flatMap((name) => {
        const object = bucket.get(name);
        if (!object) return [];
        bucket.delete(name);
        return [{ ...asListed(object), bucket_id: bucketId, owner: null }];
      });
      return HttpResponse.json(removed);
    }),
  ];

  return {
    url,
    handlers,
    /** Every request, as "METHOD what", in order. */
    requests,
    /** Forgets every bucket and object (and the recorded requests). */
    reset() {
      buckets.clear();
      requests.length = 0;
    },
    createBucket(name: string) {
      if (!buckets.has(name)) buckets.set(name, new Map());
    },
    /** Puts an object straight into a bucket, stored at `createdAt`. */
    addObject(bucket: string, name: string, createdAt: Date, size = 10) {
      this.createBucket(bucket);
      buckets.get(bucket)!.set(name, { name, id: randomUUID(), createdAt: createdAt.toISOString(), size, contentType: "image/png" });
    },
    names(bucket: string): string[] {
      return [...(buckets.get(bucket)?.keys() ?? [])].sort();
    },
  };
}
