import { describe, expect, it } from "vitest";
import { postSlug, readingTimeMinutes, type ContentBlock } from "./content-blocks.ts";
import { contentBlockSchema } from "./content-blocks.ts";
import { postFormSchema, slugToStore, toContentBlocks, toFormEntries } from "./editor-form.ts";
import { isSafeBlockUrl } from "#app/utils/paths.ts";

const words = (n: number) => Array.from({ length: n }, () => "ord").join(" ");

describe("readingTimeMinutes", () => {
  it("counts paragraphs, headings, quotes and list items at 225 words a minute, rounded up", () => {
    const blocks: ContentBlock[] = [
      { type: "heading", level: 2, content: words(5) },
      { type: "paragraph", content: words(200) },
      { type: "quote", content: words(10) },
      { type: "list", style: "unordered", items: [words(5), words(6)] },
    ];
    expect(readingTimeMinutes(blocks)).toBe(2); // 226 words
    expect(readingTimeMinutes([{ type: "paragraph", content: words(225) }])).toBe(1);
  });
  it("counts each image as 40 words and ignores buttons", () => {
    const blocks: ContentBlock[] = [
      { type: "paragraph", content: words(200) },
      { type: "image", url: "/a.svg", alt: "a" },
      { type: "button", text: words(50), url: "/", external: false, variant: "default" },
    ];
    expect(readingTimeMinutes(blocks)).toBe(2); // 240 words
  });
  it("is at least one minute", () => {
    expect(readingTimeMinutes([])).toBe(1);
  });
});

describe("postSlug", () => {
  it("is lowercase, hyphenated ASCII", () => {
    expect(postSlug("Tio tips för Åre i vinter!")).toBe("tio-tips-for-are-i-vinter");
  });
});

describe("contentBlockSchema", () => {
  it("fills the spec's defaults", () => {
    expect(contentBlockSchema.parse({ type: "heading", content: "Rubrik" })).toEqual({ type: "heading", level: 2, content: "Rubrik" });
    expect(contentBlockSchema.parse({ type: "button" })).toEqual({
      type: "button",
      text: "Läs mer",
      url: "#",
      external: false,
      variant: "default",
    });
    expect(contentBlockSchema.parse({ type: "list", items: ["a"] })).toEqual({ type: "list", style: "unordered", items: ["a"] });
  });

  it.each([
    ["a javascript: link", { type: "button", text: "x", url: "javascript:alert(1)" }],
    ["a data: image", { type: "image", url: "data:image/png;base64,AAAA", alt: "" }],
    ["a protocol-relative image", { type: "image", url: "//evil.example/x.png", alt: "" }],
    ["a list without items", { type: "list", items: [] }],
    ["heading level 4", { type: "heading", level: 4, content: "x" }],
    ["an unknown type", { type: "html", content: "<b>x</b>" }],
  ])("refuses %s", (_name, block) => {
    expect(contentBlockSchema.safeParse(block).success).toBe(false);
  });

  it("accepts http(s), site-relative and anchor addresses", () => {
    for (const url of ["https://www.visitsweden.com/", "http://example.se/a?b=c", "/Sweden/Stockholm", "#boende"])
      expect(isSafeBlockUrl(url), url).toBe(true);
    for (const url of ["ftp://x", "mailto:a@b.se", "javascript:x", "/\\evil", "# a"]) expect(isSafeBlockUrl(url), url).toBe(false);
  });
});

describe("the editor's form", () => {
  it("needs a title and at least one block, with Swedish messages", () => {
    const result = postFormSchema.safeParse({ title: " ", blocks: [] });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain("Ange en rubrik.");
    expect(messages).toContain("Lägg till innehåll innan du publicerar inlägget.");
  });

  it("stores only each type's fields, leaving empty optionals out", () => {
    const form = postFormSchema.parse({
      title: "T",
      blocks: [
        { type: "image", url: "/a.png", alt: "", caption: "" },
        { type: "quote", content: "Q", cite: "" },
        { type: "heading", level: 3, content: "H" },
      ],
    });
    expect(toContentBlocks(form.blocks)).toEqual([
      { type: "image", url: "/a.png", alt: "" },
      { type: "quote", content: "Q" },
      { type: "heading", level: 3, content: "H" },
    ]);
  });

  it("turns any slug into a valid one, or takes it from the title", () => {
    expect(slugToStore("Min Resa!", "x")).toBe("min-resa");
    expect(slugToStore("", "Åre på vintern")).toBe("are-pa-vintern");
    expect(slugToStore("", "!!!")).toBeNull();
  });

  it("flattens values into conform's field names", () => {
    expect(toFormEntries({ blocks: [{ type: "list", items: ["a", "b"], external: true, off: false }] }, "")).toEqual([
      ["blocks[0].type", "list"],
      ["blocks[0].items[0]", "a"],
      ["blocks[0].items[1]", "b"],
      ["blocks[0].external", "on"],
    ]);
  });
});
