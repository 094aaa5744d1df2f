/**
 * Requests that are not well-formed HTTP for this site end here, before anything reads them
 * (decision 046): a missing, repeated or invalid Host, a request target that is neither a path
 * nor an absolute URL of the Host it names, a path that is not valid percent-encoding, and
 * methods the site does not serve. Without this, React Router's Express adapter builds the
 * request URL from the Host header and throws on what it cannot parse (a 500 with a stack
 * trace in the log), and undici's Request refuses TRACE the same way.
 * Node itself already answers an unknown method and a too-long request line or header (400,
 * 431); CONNECT never reaches Express, so refuseConnect answers it on the server.
 */
import type { Server } from "node:http";
import type { RequestHandler, Response } from "express";

/** The only methods any address of the site answers. */
export const SERVED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST"]);
export const ALLOW = [...SERVED_METHODS].join(", ");

export const BAD_REQUEST_TEXT = "Felaktig begäran.";
export const METHOD_NOT_ALLOWED_TEXT = "Metoden stöds inte.";

// What a Host value (uri-host [":" port]) can never contain: whitespace, a path, a query, a
// fragment, userinfo or a backslash (which URL parsers read as a slash).
const NOT_IN_AUTHORITY = /[\s/?#@\\]/;
const ABSOLUTE_FORM = /^https?:\/\//i;

/** The host and port of a valid Host value, normalised as URLs compare them; null when invalid. */
function authority(value: string | undefined): string | null {
  if (!value || NOT_IN_AUTHORITY.test(value)) return null;
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return null; // "[::1", a port past 65535, a forbidden character
  }
}

function hostHeaderCount(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === "host") count++;
  return count;
}

/** The origin-form target of an absolute-form one ("http://host/path?q" → "/path?q"), if it names `host`. */
function originFormOf(target: string, host: string): string | null {
  const afterScheme = target.indexOf("//") + 2;
  const end = target.slice(afterScheme).search(/[/?#]/);
  const named = end === -1 ? target.slice(afterScheme) : target.slice(afterScheme, afterScheme + end);
  if (authority(named) !== host) return null;
  const rest = end === -1 ? "" : target.slice(afterScheme + end);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

function isDecodablePath(target: string): boolean {
  const query = target.indexOf("?");
  try {
    decodeURIComponent(query === -1 ? target : target.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

function refuse(res: Response, status: 400 | 405) {
  res.locals.notRouted = true;
  if (status === 405) res.setHeader("Allow", ALLOW);
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("text/plain; charset=utf-8")
    .send(status === 405 ? METHOD_NOT_ALLOWED_TEXT : BAD_REQUEST_TEXT);
}

export function refuseMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    if (!SERVED_METHODS.has(req.method)) return refuse(res, 405);
    // Exactly one valid Host (RFC 9112 asks for 400 otherwise; HTTP/1.0 clients may omit it,
    // but an address of this site cannot be built without it). Behind a trusted proxy Express
    // takes the host from X-Forwarded-Host, and the scheme from X-Forwarded-Proto: those too.
    const host = authority(req.headers.host);
    if (hostHeaderCount(req.rawHeaders) !== 1 || !host) return refuse(res, 400);
    const forwardedHost = req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
    if (forwardedHost !== undefined && !forwardedHost.split(",").every((value) => authority(value.trim()))) return refuse(res, 400);
    if (!/^https?$/i.test(req.protocol)) return refuse(res, 400);
    // An absolute-form target is the same request when it names the Host it came with (a
    // client must send both alike); it then goes on as the path every later handler expects.
    if (ABSOLUTE_FORM.test(req.url)) {
      const path = originFormOf(req.url, host);
      if (path === null) return refuse(res, 400);
      req.url = req.originalUrl = path;
    } else if (!req.url.startsWith("/")) {
      return refuse(res, 400); // "*", an authority, anything else
    }
    if (!isDecodablePath(req.url)) return refuse(res, 400);
    next();
  };
}

/**
 * Answers CONNECT (a proxy tunnel: never ours) with 405 instead of the silent close Node
 * gives it when nothing listens for it.
 */
export function refuseConnect(server: Server): void {
  server.on("connect", (_req, socket) => {
    socket.on("error", () => socket.destroy());
    const body = Buffer.from(METHOD_NOT_ALLOWED_TEXT);
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body.toString()}`,
    );
  });
}
