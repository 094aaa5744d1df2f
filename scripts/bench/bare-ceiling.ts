/**
 * The physical limit of this stack on this machine: a bare `node:http` server that answers
 * each page's bytes, compressed beforehand with brotli and held in memory, with nothing else
 * (no Express, no middleware, no rendering). A cached page is compared with it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

export interface BareCeiling {
  origin: string;
  stop(): Promise<void>;
}

export async function startBareCeiling(pages: ReadonlyMap<string, { body: Buffer; contentType: string }>): Promise<BareCeiling> {
  const kept = new Map(
    [...pages].map(([path, page]) => [
      path,
      { br: zlib.brotliCompressSync(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }), contentType: page.contentType },
    ]),
  );
  const server = http.createServer((req, res) => {
    const page = kept.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "Content-Type": page.contentType,
      "Content-Encoding": "br",
      "Content-Length": page.br.length,
      Vary: "Accept-Encoding",
    });
    res.end(page.br);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
