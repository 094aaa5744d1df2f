import { describe, expect, it } from "vitest";
import { postSlug, readingTimeMinutes, type ContentBlock } from "./blog.ts";

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
