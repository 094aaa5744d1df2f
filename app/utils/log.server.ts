/** One JSON object per line on stdout/stderr, so log collectors can parse every line. */
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", msg: string, fields?: Fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, error?: unknown, fields?: Fields) =>
    write("error", msg, {
      ...fields,
      ...(error instanceof Error ? { error: error.message, stack: error.stack } : error === undefined ? {} : { error: String(error) }),
    }),
};
