import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { csvRecords, formatBytes, jsonRecords, ndjsonRecords, parseByteSize, type FeedRecord } from "./feed-records.server.ts";

/** The text as a stream of small chunks, so records, quotes and UTF-8 characters straddle them. */
function chunks(text: string, size = 7): Readable & { bytesRead: number } {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) parts.push(bytes.subarray(start, start + size));
  return Object.assign(Readable.from(parts), { bytesRead: bytes.length });
}

async function all(records: AsyncIterable<FeedRecord>): Promise<FeedRecord[]> {
  const list: FeedRecord[] = [];
  for await (const record of records) list.push(record);
  return list;
}

const csv = (text: string, maxBytes = 1024, size?: number) => all(csvRecords(chunks(text, size), ",", maxBytes, (names) => names));

describe("CSV records", () => {
  it("reads quoted separators, doubled quotes and line breaks across chunks, by the line where a record starts", async () => {
    const records = await csv('\uFEFFid,name\r\n1,"Ett, två ""tre""\r\nfyra"\r\n\r\n2,Åre\r\n3,"x"y\n');
    expect(records).toEqual([
      { at: 2, row: { id: "1", name: 'Ett, två "tre"\r\nfyra' } },
      { at: 5, row: { id: "2", name: "Åre" } },
      { at: 6, row: '3,"x"y', unreadable: expect.stringMatching(/quote/i) },
    ]);
  });

  it("rejects a record longer than the limit by its line and start, and goes on with the next", async () => {
    const long = "x".repeat(5000);
    const records = await csv(`id,name\n1,${long}\n2,två\n`, 1024, 100);
    expect(records).toEqual([
      {
        at: 2,
        row: undefined,
        preview: `1,${"x".repeat(254)}`,
        unreadable: `the record is longer than the limit of 1 kB (4.9 kB, not read; it starts "1,${"x".repeat(56)}…)`,
      },
      { at: 3, row: { id: "2", name: "två" } },
    ]);
  });

  it("stops holding a quote that is never closed at the limit", async () => {
    const records = await csv(`id,name\n1,ok\n2,"${"rad\n".repeat(2000)}`, 1024);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ at: 3, preview: expect.stringMatching(/^2,"rad\nrad\n/) });
    expect(records[1]?.unreadable).toMatch(/^the record is longer than the limit of 1 kB \(7.8 kB, a quoted field never closed, not read;/);
  });

  it("rejects a quote left open at the end of the file below the limit", async () => {
    expect(await csv('id,name\n1,"Två\n2,Tre\n')).toEqual([{ at: 2, row: '1,"Två\n2,Tre', unreadable: "a quoted field is never closed" }]);
  });
});

describe("NDJSON records", () => {
  it("rejects a line longer than the limit, nested too deep or not JSON, and reads the others", async () => {
    const text = [
      JSON.stringify({ id: 1 }),
      "",
      JSON.stringify({ id: 2, text: "y".repeat(3000) }),
      "[".repeat(40) + "]".repeat(40),
      '{"id":',
      JSON.stringify({ id: 3, name: "Åre" }),
    ].join("\r\n");
    const records = await all(ndjsonRecords(chunks(text, 64), 1024));
    expect(records.map((record) => [record.at, record.unreadable ?? record.row])).toEqual([
      [1, { id: 1 }],
      [3, expect.stringMatching(/^the record is longer than the limit of 1 kB \(2.9 kB, not read; it starts "\{\\"id\\":2,/)],
      [4, "nested deeper than 32 levels"],
      [5, expect.stringMatching(/^not valid JSON: /)],
      [6, { id: 3, name: "Åre" }],
    ]);
  });
});

describe("JSON records", () => {
  const json = (text: string, maxBytes = 1024) => all(jsonRecords({ stream: chunks(text, 5), size: text.length }, "hotels", maxBytes));

  it("builds each element of the array under the feed's name, skipping the rest unbuilt", async () => {
    const text = JSON.stringify({
      source: "x".repeat(5000),
      other: [{ hotels: 1 }],
      hotels: [{ id: 1, list: [{ a: null }, true, false, -1.5e2], ["__proto__"]: { polluted: true } }, "text", 7],
      after: [1],
    });
    const records = await json(text);
    expect(records.map((record) => record.row)).toEqual([
      JSON.parse('{"id":1,"list":[{"a":null},true,false,-150],"__proto__":{"polluted":true}}'),
      "text",
      7,
    ]);
    expect(Object.getPrototypeOf(records[0]?.row)).toBe(Object.prototype);
  });

  it("rejects an element longer than the limit by its index and start, and goes on", async () => {
    const text = JSON.stringify([{ id: 0 }, { id: 1, text: "z".repeat(5000), more: [1, 2] }, "q".repeat(3000), { id: 3 }]);
    const records = await json(text);
    expect(records.map((record) => [record.at, record.row])).toEqual([
      [0, { id: 0 }],
      [1, undefined],
      [2, undefined],
      [3, { id: 3 }],
    ]);
    expect(records[1]).toMatchObject({
      preview: expect.stringMatching(/^\{"id":1,"text":"zzz/),
      unreadable: expect.stringMatching(
        /^the record is longer than the limit of 1 kB \(4.9 kB, not read; it starts "\{\\"id\\":1,\\"text\\":\\"zzz/,
      ),
    });
  });

  it("stops at nesting deeper than any row needs, saying where", async () => {
    const text = `[{"id":0},${"[".repeat(100_000)}${"]".repeat(100_000)}]`;
    await expect(json(text)).rejects.toThrow(
      /^The JSON feed is not valid \(near byte \d+ of 200011, after element 0\): element 1 is nested deeper than 32 levels of arrays and objects$/,
    );
  });

  it('says when the "hotels" value is not an array, or missing', async () => {
    await expect(json('{"hotels": {"id": 1}}')).rejects.toThrow('the "hotels" value is not an array');
    await expect(json('{"data": []}')).rejects.toThrow('The JSON object has no "hotels" array');
  });
});

describe("sizes", () => {
  it("reads and writes sizes as an operator gives them", () => {
    expect([parseByteSize("64kB"), parseByteSize("2 MB"), parseByteSize("1500"), parseByteSize("1.5m"), parseByteSize("lots")]).toEqual([
      65_536,
      2_097_152,
      1500,
      1_572_864,
      null,
    ]);
    expect([formatBytes(1_048_576), formatBytes(65_536), formatBytes(900)]).toEqual(["1 MB", "64 kB", "900 bytes"]);
  });
});
