/**
 * Partner XML read as a stream (Google Hotel Center Transaction messages, the ECB's euro reference
 * rates): the elements a format calls its records (a `<Result>`, a `<Cube time>`) are collected
 * whole, one at a time, and everything else is passed over, so a file of any size is read in
 * little memory. The parser is saxes (strict XML 1.0, namespaces). What a hostile file could do is
 * refused before it costs anything: a DOCTYPE (and with it every entity declaration: no external
 * entities, no entity expansion), an encoding other than UTF-8, nesting deeper than `maxDepth`, a
 * record over `maxRecordChars`, and a run of text or one tag over that size (saxes would keep it
 * in memory until its end). A refusal is an XmlFeedError naming the line.
 */
import { SaxesParser, type SaxesTagNS } from "saxes";
import { DEFAULT_MAX_RECORD_BYTES } from "#app/feed/feed-records.server.ts";

export interface XmlElement {
  /** The local name, without a prefix: `Cube`, `Result`. */
  name: string;
  /** The namespace URI ("" for none). */
  uri: string;
  /** Attributes without a prefix, by name (`time`, `currency`); namespaced ones are left out. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), as written. */
  text: string;
  /** The line its start tag is on (1-based). */
  line: number;
}

export type XmlEvent =
  /** The document element, with its attributes and without children. */
  { kind: "root"; element: XmlElement } | { kind: "record"; element: XmlElement };

export interface XmlReadOptions {
  /** True for an element the format reads as a record; it is then collected with all it holds. */
  isRecord(element: Pick<XmlElement, "name" | "uri" | "attributes">, depth: number): boolean;
  /** The most characters a record may hold (markup included); default the feeds' record limit, 1 MB. */
  maxRecordChars?: number;
  /** Deepest nesting of elements; default 32 (partner formats nest 3–6 deep). */
  maxDepth?: number;
}

const DEFAULT_MAX_DEPTH = 32;
const SLICE_CHARS = 4 * 1024;

export class XmlFeedError extends Error {
  override name = "XmlFeedError";
  readonly line: number;
  constructor(message: string, line: number) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

function toElement(tag: SaxesTagNS, line: number): XmlElement {
  const attributes: Record<string, string> = {};
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.prefix === "") attributes[attribute.local] = attribute.value;
  }
  return { name: tag.local, uri: tag.uri, attributes, children: [], text: "", line };
}

/**
 * Reads `source` (bytes or text of one XML document) and yields its root, then its records in
 * document order. Throws XmlFeedError for a malformed or refused document, at the point it fails.
 */
export async function* readXmlRecords(source: AsyncIterable<Uint8Array | string>, options: XmlReadOptions): AsyncGenerator<XmlEvent> {
  const maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: XmlEvent[] = [];
  let failure: XmlFeedError | null = null;
  const fail = (message: string, line = parser.line) => {
    failure ??= new XmlFeedError(message, line);
  };

  // The open elements from the root down; within a record they are kept, outside only counted.
  let depth = 0;
  let record: { stack: XmlElement[]; start: number } | null = null;
  let rootSeen = false;
  const tooLong = (element: XmlElement) => `the <${element.name}> element is longer than ${maxRecordChars.toLocaleString("en")} characters`;

  parser.on("xmldecl", (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) fail(`the encoding must be UTF-8 (the file says ${decl.encoding})`);
  });
  parser.on("doctype", () => fail("a DOCTYPE is not accepted (no DTDs, no entity declarations)"));
  parser.on("opentag", (tag) => {
    depth += 1;
    if (depth > maxDepth) return fail(`elements nest deeper than ${maxDepth} levels`);
    const element = toElement(tag, parser.line);
    if (!rootSeen) {
      rootSeen = true;
      ready.push({ kind: "root", element });
      return;
    }
    if (record) {
      record.stack.at(-1)!.children.push(element);
      record.stack.push(element);
    } else if (options.isRecord(element, depth)) {
      record = { stack: [element], start: parser.position };
    }
  });
  parser.on("text", (text) => {
    if (record) record.stack.at(-1)!.text += text;
  });
  parser.on("cdata", (text) => {
    if (record) record.stack.at(-1)!.text += text;
  });
  parser.on("closetag", () => {
    depth -= 1;
    if (!record) return;
    const done = record.stack.pop()!;
    if (record.stack.length === 0) {
      if (parser.position - record.start > maxRecordChars) fail(tooLong(done), done.line);
      record = null;
      ready.push({ kind: "record", element: done });
    }
  });
  parser.on("error", (error) => fail(error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")));

  // Characters since the last '<' or '>': text or a tag longer than this would sit whole in the
  // parser's buffer before any event told us about it.
  let run = 0;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const feed = (text: string) => {
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      run = code === 60 || code === 62 ? 0 : run + 1;
      if (run > maxRecordChars) {
        // Where the run started is as near as we can say without reading it all.
        parser.write(text.slice(0, index));
        throw new XmlFeedError(`text or a tag longer than ${maxRecordChars.toLocaleString("en")} characters`, parser.line);
      }
    }
    // In slices, so a refusal stops the parser soon: saxes resolves namespaces up the open tags,
    // which 100,000 nested elements would make quadratic.
    for (let start = 0; start < text.length && !failure; start += SLICE_CHARS) {
      parser.write(text.slice(start, start + SLICE_CHARS));
      const open = record as { stack: XmlElement[]; start: number } | null;
      if (open && parser.position - open.start > maxRecordChars) throw new XmlFeedError(tooLong(open.stack[0]!), open.stack[0]!.line);
    }
  };

  for await (const chunk of source) {
    let text: string;
    try {
      text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new XmlFeedError("the file is not valid UTF-8", parser.line);
    }
    feed(text);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  try {
    feed(decoder.decode());
  } catch (error) {
    if (error instanceof XmlFeedError) throw error;
    throw new XmlFeedError("the file is not valid UTF-8", parser.line);
  }
  parser.close();
  if (failure) throw failure;
  if (!rootSeen) throw new XmlFeedError("the file holds no XML element", parser.line);
  yield* ready.splice(0);
}
