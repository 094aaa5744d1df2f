/**
 * A POST whose body is streamed chunked (no Content-Length) until the server answers or
 * closes the connection, as an attacker's client sends it. Shared by the abuse test and
 * `npm run bench:bodies`.
 */
import http from "node:http";

export interface ChunkedAnswer {
  status: number | null;
  text: string;
  /** Body bytes handed to the connection before the server answered or closed it. */
  sent: number;
  /** The connection ended with an error (reset) rather than a complete answer. */
  closed: boolean;
}

export function postChunked(
  url: URL,
  options: { contentType: string; totalBytes: number; headers?: Record<string, string>; chunk?: string },
): Promise<ChunkedAnswer> {
  const chunk = options.chunk ?? "a".repeat(64 * 1024);
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    let done = false;
    const answer: ChunkedAnswer = { status: null, text: "", sent: 0, closed: false };
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ ...answer, sent });
    };
    const request = http.request(url, {
      method: "POST",
      headers: { ...options.headers, "Content-Type": options.contentType, "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      answer.status = response.statusCode ?? null;
      response.setEncoding("utf8");
      response.on("data", (text: string) => (answer.text += text));
      response.on("end", finish);
      response.on("error", finish);
    });
    request.on("error", () => {
      answer.closed = true;
      if (!answered) finish();
    });
    const pump = () => {
      while (!answered && !done && sent < options.totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered && !done) request.end();
    };
    pump();
  });
}
