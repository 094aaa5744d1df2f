import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ecbDayRates, isEcbDay, isEcbRoot } from "#app/feed/ecb-rates.ts";
import { readXmlRecords, type XmlEvent, type XmlReadOptions } from "#app/feed/xml-records.server.ts";

// The ECB's daily file of 13 June 2019, as the ECB writes it (docs/partner-formats/ecb-eurofxref.md), shortened.
const ECB_DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject>
<gesmes:Sender>
<gesmes:name>European Central Bank</gesmes:name>
</gesmes:Sender>
<Cube>
<Cube time='2019-06-13'>
<Cube currency='USD' rate='1.1289'/>
<Cube currency='SEK' rate='10.6968'/>
<Cube currency='NOK' rate='9.7720'/>
<Cube currency='DKK' rate='7.4678'/>
</Cube>
</Cube>
</gesmes:Envelope>`;

const ecb: XmlReadOptions = { isRecord: isEcbDay };

async function read(text: string | string[], options: XmlReadOptions = ecb): Promise<XmlEvent[]> {
  const events: XmlEvent[] = [];
  for await (const event of readXmlRecords(Readable.from(Array.isArray(text) ? text : [text]), options)) events.push(event);
  return events;
}

describe("readXmlRecords on the ECB's rates", () => {
  it("yields the root, then each day with its rates", async () => {
    const events = await read(ECB_DAILY);
    expect(events[0]!.kind).toBe("root");
    expect(isEcbRoot(events[0]!.element)).toBe(true);
    const days = events.filter((event) => event.kind === "record");
    expect(days).toHaveLength(1);
    expect(ecbDayRates(days[0]!.element)).toEqual({
      rates: [
        { date: "2019-06-13", currency: "USD", perEur: "1.1289" },
        { date: "2019-06-13", currency: "SEK", perEur: "10.6968" },
        { date: "2019-06-13", currency: "NOK", perEur: "9.7720" },
        { date: "2019-06-13", currency: "DKK", perEur: "7.4678" },
      ],
      problems: [],
    });
  });

  it("reads the same from bytes split anywhere, in the middle of a character too", async () => {
    const bytes = Buffer.from(ECB_DAILY.replace("Reference rates", "Referenskurser för kronor"));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) => bytes.subarray(index * 7, index * 7 + 7));
    const events: XmlEvent[] = [];
    for await (const event of readXmlRecords(Readable.from(chunks), ecb)) events.push(event);
    expect(events.filter((event) => event.kind === "record").map((event) => ecbDayRates(event.element).rates.length)).toEqual([4]);
  });

  it("names each entry it leaves out, and why", async () => {
    const text = ECB_DAILY.replace("rate='1.1289'", "rate='0x10'")
      .replace("currency='NOK'", "currency='nok'")
      .replace(
        "<Cube currency='DKK' rate='7.4678'/>",
        "<Cube currency='DKK' rate='7.4678'/><Cube currency='DKK' rate='7.5'/><Cube currency='ISK' rate='-1'/>",
      );
    const [day] = (await read(text)).filter((event) => event.kind === "record");
    expect(ecbDayRates(day!.element)).toEqual({
      rates: [
        { date: "2019-06-13", currency: "SEK", perEur: "10.6968" },
        { date: "2019-06-13", currency: "DKK", perEur: "7.4678" },
      ],
      problems: [
        { line: 9, reason: 'the rate of USD ("0x10") is not a positive decimal number' },
        { line: 11, reason: 'currency="nok" is not an ISO 4217 currency code other than EUR' },
        { line: 12, reason: "DKK is given twice for 2019-06-13" },
        { line: 12, reason: 'the rate of ISK ("-1") is not a positive decimal number' },
      ],
    });
  });
});

describe("readXmlRecords refuses what a hostile file could do", () => {
  const refused = async (text: string | string[], options: XmlReadOptions = ecb) => {
    const error = await read(text, options).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  };

  it("a DOCTYPE, so no external entity and no entity expansion", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><gesmes:Envelope xmlns:gesmes="${"http://www.gesmes.org/xml/2002-08-01"}">&x;</gesmes:Envelope>`;
    expect(await refused(xxe)).toMatch(/^line 1: a DOCTYPE is not accepted/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(await refused(laughs)).toMatch(/a DOCTYPE is not accepted/);
  });

  it("an entity nobody declared", async () => {
    expect(await refused(`<root><Cube time="2019-06-13">&x;</Cube></root>`)).toMatch(/^line 1: .*undefined entity/i);
  });

  it("another encoding, or bytes that are not UTF-8", async () => {
    expect(await refused(`<?xml version="1.0" encoding="ISO-8859-1"?><root/>`)).toMatch(/encoding must be UTF-8/);
    const events: unknown[] = [];
    const bad = readXmlRecords(Readable.from([Buffer.from([0x3c, 0x72, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x72, 0x3e])]), ecb);
    await expect(
      (async () => {
        for await (const event of bad) events.push(event);
      })(),
    ).rejects.toThrow(/not valid UTF-8/);
  });

  it("nesting deeper than the limit, without a stack overflow", async () => {
    const deep = `<root>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</root>`;
    expect(await refused(deep)).toMatch(/^line 1: elements nest deeper than 32 levels$/);
  });

  it("a record over the size limit, naming its line, and text or a tag that never ends", async () => {
    const options = { ...ecb, maxRecordChars: 2_000 };
    const big = ECB_DAILY.replace("<Cube currency='USD' rate='1.1289'/>", "<Cube currency='USD' rate='1.1289'/>\n".repeat(100));
    expect(await refused(big, options)).toMatch(/^line 8: the <Cube> element is longer than 2,000 characters$/);
    const text = `<root><Cube time="2019-06-13">${"x".repeat(5_000)}</Cube></root>`;
    expect(await refused(text, options)).toMatch(/text or a tag longer than 2,000 characters/);
    const tag = `<root><Cube time="${"9".repeat(5_000)}"/></root>`;
    expect(await refused(tag, options)).toMatch(/text or a tag longer than 2,000 characters/);
  });

  it("a file that is not XML, or ends early", async () => {
    expect(await refused("hotel_id,name\n1,Hotell\n")).toMatch(/^line \d+: text data outside of root node/);
    expect(await refused(ECB_DAILY.slice(0, 400))).toMatch(/^line \d+: /);
    expect(await refused("")).toMatch(/^line 1: document must contain a root element/);
  });
});
