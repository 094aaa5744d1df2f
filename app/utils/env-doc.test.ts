import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema } from "./env.server.ts";

// The environment's variables are named in three places: the schema the server validates with,
// .env.example and the table of docs/configuration.md. The schema is the truth; the other two
// must name exactly its variables.
const schemaVariables = Object.keys(envSchema.shape).sort();

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The variables of `.env.example`: its lines `NAME=…`, commented out or not. */
function exampleVariables(text: string): string[] {
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!).sort();
}

/** The first column of the table under "## The server's variables" in docs/configuration.md. */
function documentedVariables(text: string): string[] {
  const section = text.split(/^## /m).find((part) => part.startsWith("The server's variables"));
  if (!section) throw new Error('docs/configuration.md has no section "## The server\'s variables"');
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!).sort();
}

describe("the environment's variables", () => {
  it("are the schema's, each once, in .env.example", () => {
    expect(exampleVariables(read(".env.example"))).toEqual(schemaVariables);
  });

  it("are the schema's, each once, in the table of docs/configuration.md", () => {
    expect(documentedVariables(read("docs/configuration.md"))).toEqual(schemaVariables);
  });

  it("are read from both files as the test expects", () => {
    // A guard on the readers above: a renamed heading or a reformatted line must not pass as "no variables".
    expect(exampleVariables("# PORT=3000\nHOST=0.0.0.0\n# Not=a variable\n")).toEqual(["HOST", "PORT"]);
    expect(documentedVariables("## The server's variables\n\n| `PORT` | `3000` | … |\n\n## Other\n\n| `X` | | |\n")).toEqual(["PORT"]);
  });
});
