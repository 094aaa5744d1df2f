/**
 * What a command-line tool says to its user, apart from the app's JSON log lines
 * (app/utils/log.server.ts) that share its stdout and stderr. Those depend on the machine: a slow
 * one adds "slow query" warnings (a migration over DB_SLOW_QUERY_MS). A test that checks a tool's
 * messages compares this text; one about logging reads the log lines themselves.
 */
const LOG_LINE = /^\{"time":"[^"]*","level":"(?:info|warn|error)",/;

export function withoutLogLines(output: string): string {
  return output
    .split(/(?<=\n)/)
    .filter((line) => !LOG_LINE.test(line))
    .join("");
}

/** The app's JSON log lines in `output`, parsed. */
export function logLines(output: string): Array<{ level: string; msg: string } & Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => LOG_LINE.test(line))
    .map((line) => JSON.parse(line) as { level: string; msg: string });
}
