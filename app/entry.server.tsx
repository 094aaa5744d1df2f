/**
 * React Router's Node entry, with four changes: every script carries this response's CSP
 * nonce; the document is rendered whole and sent as one body; its scripts start once the page
 * has loaded (app/http/deferred-scripts.server.ts); errors are logged with their stack on the
 * server only (the browser sees the error page).
 */
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { cspNonceContext } from "#app/http/security-headers.server.ts";
import { log } from "#app/utils/log.server.ts";
import { InlineStylesContext } from "#app/components/inline-styles.tsx";
import { builtStylesheet } from "#app/http/built-stylesheet.server.ts";
import { deferScripts } from "#app/http/deferred-scripts.server.ts";
import stylesheet from "./app.css?url";

export const streamTimeout = 5_000;

// Read when the server starts, so a running server never depends on the build folder again.
const inlineCss = import.meta.env.PROD ? builtStylesheet(stylesheet) : null;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  // The whole document is rendered before the first byte goes out, as one body. The pages have
  // nothing to stream (all their data comes from loaders, none deferred), and one write lets
  // the compression and the socket handle a single buffer instead of React's many small chunks.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(deferScripts(Buffer.concat(chunks).toString()), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    // A render that never finishes is cut off (its error boundaries render instead).
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      // The nonce goes on React Router's inline scripts and is the default of <Scripts>,
      // <ScrollRestoration> and <Links>.
      // In production the stylesheet goes inside the document (app/components/inline-styles.tsx).
      <InlineStylesContext.Provider value={inlineCss === null ? null : { css: inlineCss, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and are logged by handleError.
          if (shellRendered) log.error("render failed", error, { url: new URL(request.url).pathname });
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (the visitor left) are not errors of ours, nor are answers like 404 or
  // 400 that a loader or action throws on purpose.
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error("request failed", error, { method: request.method, path: new URL(request.url).pathname });
};
