import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PriceItem, PriceRecord } from "#app/prices/price-record.ts";
import { hotelTime } from "#app/feed/hotel-time.ts";
import { readTransactionItems } from "#app/feed/transaction-messages.server.ts";

// Google's examples (docs/partner-formats/google-hotel-center-transaction-messages.md and the
// Transaction message reference), with their dates moved so the check-ins lie ahead of NOW.
const NOW = new Date("2027-03-01T09:00:00Z");
const STAMP = "2027-03-01T08:20:00+01:00";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "transaction-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));
let files = 0;

function fileOf(content: string | Buffer): string {
  const file = path.join(directory, `message-${(files += 1)}.xml`);
  fs.writeFileSync(file, content);
  return file;
}

async function read(content: string | Buffer, options: { maxRecordBytes?: number } = {}): Promise<PriceItem[]> {
  const items: PriceItem[] = [];
  for await (const item of readTransactionItems(fileOf(content), { now: NOW, ...options })) items.push(item);
  return items;
}

const records = (items: PriceItem[]) => items.flatMap((item) => ("record" in item ? [item.record] : []));
const rejects = (items: PriceItem[]) =>
  items.flatMap((item) => ("reject" in item ? [{ at: item.reject.at, reason: item.reject.reason }] : []));

async function refusal(content: string | Buffer, options: { maxRecordBytes?: number } = {}): Promise<string> {
  const error = await read(content, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe("FeedError");
  return (error as Error).message;
}

const transaction = (body: string, attributes = `timestamp="${STAMP}" id="42"`) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Transaction ${attributes}>\n${body}\n</Transaction>\n`;

const itinerary = (overrides: Partial<PriceRecord>): PriceRecord => ({
  property: "",
  kind: "itinerary",
  checkIn: "",
  nights: 1,
  adults: 2,
  rooms: 1,
  currency: "USD",
  base: null,
  tax: null,
  fees: null,
  breakfastIncluded: false,
  refundable: false,
  freeCancellationUntil: null,
  payAtHotel: false,
  roomKey: "",
  roomName: null,
  landingUrl: null,
  confirmedAt: "2027-03-01T07:20:00.000Z",
  at: 1,
  ...overrides,
});

describe("readTransactionItems on Google's own examples", () => {
  it("reads each <Result> as an itinerary price with its taxes and fees, dated by the message's timestamp", async () => {
    const items = await read(
      transaction(`  <Result>
    <Property>060773</Property>
    <RoomID>RoomType101</RoomID>
    <Checkin>2027-03-12</Checkin>
    <Nights>2</Nights>
    <Baserate currency="USD">278.33</Baserate>
    <Tax currency="USD">25.12</Tax>
    <OtherFees currency="USD">2.00</OtherFees>
    <AllowablePointsOfSale>
      <PointOfSale id="site1"/>
    </AllowablePointsOfSale>
  </Result>
  <Result>
    <Property>052213</Property>
    <RoomID>RoomType101</RoomID>
    <Checkin>2027-03-17</Checkin>
    <Nights>2</Nights>
    <Baserate currency="USD">299.98</Baserate>
    <Tax currency="USD">26.42</Tax>
    <OtherFees currency="USD">2.00</OtherFees>
    <AllowablePointsOfSale>
      <PointOfSale id="otto"/>
      <PointOfSale id="simon"/>
    </AllowablePointsOfSale>
  </Result>`),
    );
    expect(items).toEqual([
      {
        record: itinerary({
          property: "060773",
          checkIn: "2027-03-12",
          nights: 2,
          base: "278.33",
          tax: "25.12",
          fees: "2.00",
          roomKey: "RoomType101",
          at: 1,
        }),
      },
      {
        record: itinerary({
          property: "052213",
          checkIn: "2027-03-17",
          nights: 2,
          base: "299.98",
          tax: "26.42",
          fees: "2.00",
          roomKey: "RoomType101",
          at: 2,
        }),
      },
    ]);
  });

  it("reads room bundles with the room names and package terms of the <PropertyDataSet> before them", async () => {
    const items = await read(
      transaction(`  <PropertyDataSet>
    <Property>180054</Property>
    <RoomData>
      <RoomID>060773</RoomID>
      <Name>
        <Text text="Single Queen Room - Non-Smoking" language="en"/>
        <Text text="Chambre de la Roi Premium - Pas de Fumeurs" language="fr"/>
      </Name>
      <Capacity>4</Capacity>
    </RoomData>
    <RoomData>
      <RoomID>436233</RoomID>
      <Name>
        <Text text="Premium King Room - Non-Smoking" language="en"/>
        <Text text="Familjerum, rökfritt" language="sv"/>
      </Name>
      <Capacity>4</Capacity>
    </RoomData>
    <PackageData>
      <PackageID>P11111</PackageID>
      <Occupancy>1</Occupancy>
      <ChargeCurrency>web</ChargeCurrency>
      <Refundable available="1" refundable_until_days="7" refundable_until_time="18:00:00"/>
      <ParkingIncluded>1</ParkingIncluded>
      <InternetIncluded>1</InternetIncluded>
    </PackageData>
    <PackageData>
      <PackageID>P54321</PackageID>
      <Occupancy>2</Occupancy>
      <ChargeCurrency>web</ChargeCurrency>
      <Refundable available="1" refundable_until_days="7" refundable_until_time="18:00:00"/>
    </PackageData>
    <PackageData>
      <PackageID>P12345</PackageID>
      <Occupancy>4</Occupancy>
      <ChargeCurrency>web</ChargeCurrency>
      <Refundable available="1" refundable_until_days="1" refundable_until_time="18:00:00"/>
    </PackageData>
  </PropertyDataSet>
  <Result>
    <Property>180054</Property>
    <Checkin>2027-04-07</Checkin>
    <Nights>2</Nights>
    <Baserate currency="USD">199.99</Baserate>
    <Tax currency="USD">25.12</Tax>
    <OtherFees currency="USD">2.00</OtherFees>
    <Occupancy>2</Occupancy>
    <OccupancyDetails>
      <NumAdults>2</NumAdults>
    </OccupancyDetails>
    <RoomBundle>
      <RoomID>060773</RoomID>
      <PackageID>P54321</PackageID>
      <Baserate currency="USD">199.99</Baserate>
      <Tax currency="USD">25.12</Tax>
      <OtherFees currency="USD">2.00</OtherFees>
      <RatePlanID>060773-P54321</RatePlanID>
    </RoomBundle>
    <RoomBundle>
      <RoomID>060773</RoomID>
      <PackageID>P11111</PackageID>
      <Baserate currency="USD">174.99</Baserate>
      <Tax currency="USD">22.08</Tax>
      <OtherFees currency="USD">2.00</OtherFees>
      <RatePlanID>060773-P11111</RatePlanID>
    </RoomBundle>
    <RoomBundle>
      <RoomID>436233</RoomID>
      <PackageID>P12345</PackageID>
      <Baserate currency="USD">298.88</Baserate>
      <Tax currency="USD">42.12</Tax>
      <OtherFees currency="USD">10.00</OtherFees>
      <RatePlanID>436233-P12345</RatePlanID>
    </RoomBundle>
  </Result>`),
    );
    const common = { property: "180054", checkIn: "2027-04-07", nights: 2, at: 2 };
    expect(records(items)).toEqual([
      itinerary({ ...common, base: "199.99", tax: "25.12", fees: "2.00" }),
      itinerary({
        ...common,
        base: "199.99",
        tax: "25.12",
        fees: "2.00",
        roomKey: "060773/P54321",
        roomName: "Single Queen Room - Non-Smoking",
        refundable: true,
        // Seven days before check-in at 18:00 on the hotel's clock (Swedish summer time from 28 March: +02:00).
        freeCancellationUntil: "2027-03-31T18:00:00+02:00",
      }),
      itinerary({
        ...common,
        adults: 1,
        base: "174.99",
        tax: "22.08",
        fees: "2.00",
        roomKey: "060773/P11111",
        roomName: "Single Queen Room - Non-Smoking",
        refundable: true,
        freeCancellationUntil: "2027-03-31T18:00:00+02:00",
      }),
      itinerary({
        ...common,
        adults: 4,
        base: "298.88",
        tax: "42.12",
        fees: "10.00",
        roomKey: "436233/P12345",
        roomName: "Familjerum, rökfritt",
        refundable: true,
        freeCancellationUntil: "2027-04-06T18:00:00+02:00",
      }),
    ]);
    expect(rejects(items)).toEqual([]);
  });

  it("takes breakfast, pay at the hotel and a refund until midnight from <PackageData>, which overrides the <Result>", async () => {
    const items = await read(
      transaction(`  <PropertyDataSet>
    <Property>12345</Property>
    <RoomData>
      <RoomID>double</RoomID>
      <Name>
        <Text text="Double room" language="en"/>
        <Text text="Chambre double" language="fr"/>
      </Name>
    </RoomData>
    <PackageData>
      <PackageID>refundbreakfast</PackageID>
      <ChargeCurrency>hotel</ChargeCurrency>
      <Refundable available="1" refundable_until_days="3"/>
      <BreakfastIncluded>1</BreakfastIncluded>
    </PackageData>
    <PackageData>
      <PackageID>prepaid</PackageID>
      <Occupancy>2</Occupancy>
      <ChargeCurrency>web</ChargeCurrency>
      <Refundable available="0"/>
    </PackageData>
  </PropertyDataSet>
  <Result>
    <Property>12345</Property>
    <Checkin>2027-03-10</Checkin>
    <Nights>1</Nights>
    <RoomID>double</RoomID>
    <PackageID>prepaid</PackageID>
    <Baserate currency="EUR">120.00</Baserate>
    <Tax currency="EUR">14.40</Tax>
    <OtherFees currency="EUR">0</OtherFees>
    <Refundable available="1" refundable_until_days="2"/>
    <RoomBundle>
      <RoomID>double</RoomID>
      <PackageID>refundbreakfast</PackageID>
      <Baserate currency="EUR">135.00</Baserate>
      <Tax currency="EUR">16.20</Tax>
      <OtherFees currency="EUR">0</OtherFees>
      <Occupancy>2</Occupancy>
    </RoomBundle>
  </Result>`),
    );
    const common = { property: "12345", checkIn: "2027-03-10", currency: "EUR", roomName: "Double room", at: 2 };
    expect(records(items)).toEqual([
      itinerary({ ...common, base: "120.00", tax: "14.40", fees: "0", roomKey: "double/prepaid" }),
      itinerary({
        ...common,
        base: "135.00",
        tax: "16.20",
        fees: "0",
        roomKey: "double/refundbreakfast",
        breakfastIncluded: true,
        payAtHotel: true,
        refundable: true,
        freeCancellationUntil: "2027-03-07T00:00:00+01:00",
      }),
    ]);
  });

  it("reads <Unavailable> and a Baserate of -1 as a sold-out itinerary", async () => {
    const items = await read(
      transaction(`  <Result>
    <Property>1123581321</Property>
    <Checkin>2027-03-23</Checkin>
    <Nights>1</Nights>
    <Unavailable>
      <NoVacancy/>
    </Unavailable>
    <Tax currency="USD">0</Tax>
    <OtherFees currency="USD">0</OtherFees>
  </Result>
  <!---Sending <Baserate> is optional with <Unavailable> -->
  <Result>
    <Property>1123581321</Property>
    <Checkin>2027-03-24</Checkin>
    <Nights>3</Nights>
    <Baserate currency="USD">-1</Baserate>
    <Tax currency="USD">0</Tax>
    <OtherFees currency="USD">0</OtherFees>
  </Result>`),
    );
    const soldOut = { kind: "sold-out" as const, currency: null, base: null, tax: null, fees: null, property: "1123581321" };
    expect(records(items)).toEqual([
      itinerary({ ...soldOut, checkIn: "2027-03-23", nights: 1, at: 1 }),
      itinerary({ ...soldOut, checkIn: "2027-03-24", nights: 3, at: 2 }),
    ]);
  });

  it("reads public <Rate>s per occupancy and passes over conditional rates (rate_rule_id): they are not every visitor's price", async () => {
    const items = await read(
      transaction(`  <Result>
    <Property>1234</Property>
    <Checkin>2027-04-13</Checkin>
    <Nights>9</Nights>
    <Baserate currency="USD">3196.1</Baserate>
    <Tax currency="USD">559.49</Tax>
    <OtherFees currency="USD">543.34</OtherFees>
    <Occupancy>2</Occupancy>
    <Rates>
      <Rate>
        <Baserate currency="USD">2996.1</Baserate>
        <Tax currency="USD">529.49</Tax>
        <OtherFees currency="USD">543.34</OtherFees>
        <Occupancy>1</Occupancy>
      </Rate>
      <Rate>
        <Baserate currency="USD">3496.1</Baserate>
        <Tax currency="USD">599.49</Tax>
        <OtherFees currency="USD">543.34</OtherFees>
        <Occupancy>3</Occupancy>
      </Rate>
    </Rates>
  </Result>
  <Result>
    <Property>1234</Property>
    <Checkin>2027-06-10</Checkin>
    <Nights>2</Nights>
    <Baserate currency="USD">300.00</Baserate>
    <Tax currency="USD">30.00</Tax>
    <OtherFees currency="USD">2.00</OtherFees>
    <RoomBundle>
      <RoomID>5</RoomID>
      <PackageID>ABC</PackageID>
      <Baserate currency="USD">275.00</Baserate>
      <Tax currency="USD">27.50</Tax>
      <OtherFees currency="USD">2.00</OtherFees>
      <RatePlanID>5-ABC</RatePlanID>
      <Occupancy>2</Occupancy>
      <OccupancyDetails>
        <NumAdults>2</NumAdults>
      </OccupancyDetails>
      <InternetIncluded>1</InternetIncluded>
      <ChargeCurrency>web</ChargeCurrency>
      <Custom1>ratebasic</Custom1>
      <Rates>
        <Rate rate_rule_id="mobile">
          <Baserate currency="USD">258.33</Baserate>
          <Tax currency="USD">25.83</Tax>
          <OtherFees currency="USD">1.00</OtherFees>
          <ChargeCurrency>hotel</ChargeCurrency>
        </Rate>
        <Rate rate_rule_id="us_or_gb">
          <Baserate currency="USD">268.33</Baserate>
          <Tax currency="USD">26.83</Tax>
          <OtherFees currency="USD">1.00</OtherFees>
        </Rate>
      </Rates>
    </RoomBundle>
  </Result>`),
    );
    expect(records(items).map((price) => [price.checkIn, price.roomKey, price.adults, price.base, price.payAtHotel])).toEqual([
      ["2027-04-13", "", 2, "3196.1", false],
      ["2027-04-13", "", 1, "2996.1", false],
      ["2027-04-13", "", 3, "3496.1", false],
      ["2027-06-10", "", 2, "300.00", false],
      ["2027-06-10", "5/ABC", 2, "275.00", false],
    ]);
    expect(rejects(items)).toEqual([]);
  });

  it('takes all_inclusive="true" as a Baserate with taxes and fees in it', async () => {
    const [item] = await read(
      transaction(`<Result><Property>1</Property><Checkin>2027-03-05</Checkin><Nights>1</Nights>
  <Baserate currency="SEK" all_inclusive="true">1450.00</Baserate><Tax currency="SEK">155.36</Tax><OtherFees currency="SEK">0</OtherFees></Result>`),
    );
    expect(item).toEqual({
      record: itinerary({ property: "1", checkIn: "2027-03-05", currency: "SEK", base: "1450.00", tax: "0", fees: "0" }),
    });
  });

  it("uses a <PropertyDataSet> only for the Results after it in the file", async () => {
    const result = `<Result><Property>7</Property><Checkin>2027-03-05</Checkin><Nights>1</Nights>
  <RoomBundle><RoomID>DBL</RoomID><PackageID>B</PackageID><Baserate currency="SEK">1200</Baserate><Tax currency="SEK">144</Tax><OtherFees currency="SEK">0</OtherFees><Occupancy>2</Occupancy></RoomBundle></Result>`;
    const dataSet = `<PropertyDataSet><Property>7</Property>
  <RoomData><RoomID>DBL</RoomID><Name><Text text="Double room" language="en"/><Text text="Dubbelrum" language="sv-SE"/></Name></RoomData>
  <PackageData><PackageID>B</PackageID><BreakfastIncluded>true</BreakfastIncluded></PackageData></PropertyDataSet>`;
    const items = await read(transaction(`${result}\n${dataSet}\n${result}`));
    expect(records(items).map((price) => [price.at, price.roomName, price.breakfastIncluded])).toEqual([
      [1, null, false],
      [3, "Dubbelrum", true],
    ]);
  });
});

describe("readTransactionItems rejects a Result it cannot use, with its element number and why", () => {
  const result = (inner: string) => `<Result>${inner}</Result>`;
  const price = `<Baserate currency="SEK">1200.00</Baserate><Tax currency="SEK">144.00</Tax><OtherFees currency="SEK">0</OtherFees>`;
  const stay = (checkIn = "2027-03-05", nights = "1") =>
    `<Property>HG-000001</Property><Checkin>${checkIn}</Checkin><Nights>${nights}</Nights>`;

  it.each([
    [result(`<Checkin>2027-03-05</Checkin>${price}`), "the <Result> has no Property, Nights"],
    [result(stay("2027-03-05", "31") + price), 'Nights must be a whole number from 1 to 30 (got "31")'],
    [result(stay("2027-03-05", "0") + price), 'Nights must be a whole number from 1 to 30 (got "0")'],
    [result(stay("2027-02-30") + price), 'Checkin "2027-02-30" is not a date (YYYY-MM-DD)'],
    [result(stay("2027-02-28") + price), "Checkin 2027-02-28 is in the past"],
    [
      result(stay() + price.replace("1200.00", "-5")),
      'Result: Baserate must be a decimal number above 0, written as plain digits such as 1290.50 (got "-5")',
    ],
    [
      result(stay() + price.replace("1200.00", "0x10")),
      'Result: Baserate must be a decimal number above 0, written as plain digits such as 1290.50 (got "0x10")',
    ],
    [
      result(stay() + price.replace("1200.00", "1,200")),
      'Result: Baserate must be a decimal number above 0, written as plain digits such as 1290.50 (got "1,200")',
    ],
    [
      result(stay() + price.replace("144.00", "-1")),
      'Result: Tax must be a decimal number of 0 or more, written as plain digits (got "-1")',
    ],
    [result(stay() + price.replaceAll("SEK", "usd")), 'Result: Baserate currency must be an ISO 4217 code such as SEK or EUR (got "usd")'],
    [result(stay() + price.replaceAll("SEK", "XYZ")), 'Result: Baserate currency must be an ISO 4217 code such as SEK or EUR (got "XYZ")'],
    [
      result(stay() + price.replace('<Tax currency="SEK">', '<Tax currency="EUR">')),
      'Result: Tax currency "EUR" differs from the Baserate\'s SEK',
    ],
    [
      result(stay() + `<Baserate currency="SEK">1200.00</Baserate>`),
      'Result: Tax is missing: it is required with a Baserate unless all_inclusive="true"',
    ],
    [result(stay() + price + "<Occupancy>0</Occupancy>"), 'Occupancy must be a whole number from 1 to 8 (got "0")'],
    [result(stay() + price + "<Occupancy>9</Occupancy>"), 'Occupancy must be a whole number from 1 to 8 (got "9")'],
    [
      result(
        stay() +
          price +
          '<Occupancy>3</Occupancy><OccupancyDetails><NumAdults>2</NumAdults><Children><Child age="5"/></Children></OccupancyDetails>',
      ),
      "the price includes children: only prices for adults are read",
    ],
    [result(stay()), "the <Result> has no <Baserate> and no <RoomBundle>: there is no price to read"],
    [
      result(stay() + price + '<Refundable available="1" refundable_until_days="400"/>'),
      'Refundable refundable_until_days must be a whole number from 0 to 330 (got "400")',
    ],
  ])("%s", async (body, reason) => {
    const good = result(stay("2027-03-06") + price);
    const items = await read(transaction(`${good}\n${body}\n${good}`));
    expect(rejects(items)).toEqual([{ at: 2, reason }]);
    expect(records(items).map((record) => record.at)).toEqual([1, 3]);
  });

  it("rejects one bad room bundle and keeps the Result's other prices, and shows the Result in the reject", async () => {
    const items = await read(
      transaction(
        result(
          stay() +
            price +
            `<RoomBundle><RoomID>FAM</RoomID><Baserate currency="SEK">abc</Baserate><Tax currency="SEK">0</Tax><OtherFees currency="SEK">0</OtherFees><Occupancy>4</Occupancy></RoomBundle>`,
        ),
      ),
    );
    expect(records(items)).toHaveLength(1);
    const [reject] = items.flatMap((item) => ("reject" in item ? [item.reject] : []));
    expect(reject).toEqual({
      at: 1,
      reason: 'RoomBundle: Baserate must be a decimal number above 0, written as plain digits such as 1290.50 (got "abc")',
      raw: expect.stringMatching(/^<Result><Property>HG-000001<\/Property><Checkin>2027-03-05<\/Checkin>/),
    });
  });
});

describe("readTransactionItems refuses a file it cannot trust, whole", () => {
  it("another format, or a Transaction without a usable timestamp", async () => {
    expect(await refusal(`<?xml version="1.0"?><OTA_HotelRateAmountNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05"/>`)).toMatch(
      /is XML, but not a Google Hotel Center Transaction message: its root is <OTA_HotelRateAmountNotifRQ>, not <Transaction>\.$/,
    );
    expect(await refusal(transaction("<Result/>", 'id="42"'))).toBe(
      "The <Transaction> has no timestamp attribute: it says when the prices were stated, so it is required.",
    );
    expect(await refusal(transaction("<Result/>", 'id="1" timestamp="yesterday"'))).toMatch(/timestamp "yesterday" is not a date and time/);
    expect(await refusal(transaction("<Result/>", 'id="1" timestamp="2099-01-01T00:00:00Z"'))).toMatch(
      /is in the future: its prices would never be replaced/,
    );
    expect(await refusal(transaction(""))).toMatch(/holds no <Result> and no <PropertyDataSet>: nothing was imported\.$/);
  });

  it("a DOCTYPE with an external entity, or entities that expand (billion laughs)", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE Transaction [<!ENTITY x SYSTEM "file:///etc/passwd">]><Transaction timestamp="${STAMP}" id="1"><Result><Property>&x;</Property></Result></Transaction>`;
    expect(await refusal(xxe)).toBe(
      "The Transaction message is not valid XML (line 1: a DOCTYPE is not accepted (no DTDs, no entity declarations)): nothing was imported.",
    );
    const lol = Array.from({ length: 9 }, (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index};`.repeat(10)}">`).join("");
    const laughs = `<?xml version="1.0"?><!DOCTYPE Transaction [<!ENTITY lol0 "lol">${lol}]><Transaction timestamp="${STAMP}" id="1"><Result><Property>&lol9;</Property></Result></Transaction>`;
    expect(await refusal(laughs)).toMatch(/a DOCTYPE is not accepted/);
    expect(await refusal(transaction("<Result><Property>&x;</Property></Result>"))).toMatch(/undefined entity/i);
  });

  it("a file cut short, after the prices it did read", async () => {
    const whole =
      transaction(`<Result><Property>1</Property><Checkin>2027-03-05</Checkin><Nights>1</Nights><Baserate currency="SEK">900</Baserate><Tax currency="SEK">108</Tax><OtherFees currency="SEK">0</OtherFees></Result>
<Result><Property>2</Property><Checkin>2027-03-05</Checkin><Nights>1</Nights><Baserate currency="SEK">950</Baserate>`);
    expect(await refusal(whole.slice(0, whole.indexOf('<Baserate currency="SEK">950') + 20))).toMatch(
      /^The Transaction message is not valid XML \(line \d+: .*\): nothing was imported\.$/,
    );
  });

  it("another encoding, or bytes that are not UTF-8", async () => {
    expect(await refusal(`<?xml version="1.0" encoding="ISO-8859-1"?><Transaction timestamp="${STAMP}" id="1"/>`)).toMatch(
      /the encoding must be UTF-8/,
    );
    const latin1 = Buffer.concat([
      Buffer.from(
        `<Transaction timestamp="${STAMP}" id="1"><PropertyDataSet><Property>1</Property><RoomData><RoomID>A</RoomID><Name><Text text="R`,
      ),
      Buffer.from([0xf6]),
      Buffer.from(`d" language="sv"/></Name></RoomData></PropertyDataSet></Transaction>`),
    ]);
    expect(await refusal(latin1)).toMatch(/not valid UTF-8/);
  });

  it("nesting deeper than any Transaction needs", async () => {
    expect(await refusal(transaction(`<Result>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</Result>`))).toMatch(
      /elements nest deeper than 32 levels/,
    );
  });

  it("a Result over the record limit, and a 100 MB element, without reading it whole", async () => {
    const bundles = `<RoomBundle><RoomID>A</RoomID><Baserate currency="SEK">900</Baserate><Tax currency="SEK">108</Tax><OtherFees currency="SEK">0</OtherFees></RoomBundle>\n`;
    const many = transaction(
      `<Result><Property>1</Property><Checkin>2027-03-05</Checkin><Nights>1</Nights>\n${bundles.repeat(50)}</Result>`,
    );
    expect(await refusal(many, { maxRecordBytes: 2_000 })).toMatch(/line 3: the <Result> element is longer than 2,000 characters/);

    const file = path.join(directory, "huge.xml");
    const handle = fs.openSync(file, "w");
    fs.writeSync(handle, `<?xml version="1.0" encoding="UTF-8"?>\n<Transaction timestamp="${STAMP}" id="1"><Result><Property>`);
    const megabyte = Buffer.alloc(1_048_576, "9");
    for (let index = 0; index < 100; index += 1) fs.writeSync(handle, megabyte);
    fs.writeSync(handle, "</Property></Result></Transaction>");
    fs.closeSync(handle);
    const error = await (async () => {
      for await (const item of readTransactionItems(file, { now: NOW })) expect(item).toBeUndefined();
    })().then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(/line 2: the <Result> element is longer than 1,048,576 characters/);
  });
});

describe("hotelTime", () => {
  it("gives a time on the hotel's (Swedish) clock with the offset of that day, summer time included", () => {
    expect(hotelTime("2027-01-15", "18:00:00")).toBe("2027-01-15T18:00:00+01:00");
    expect(hotelTime("2027-07-09", "18:00:00")).toBe("2027-07-09T18:00:00+02:00");
    expect(hotelTime("2027-03-28", "00:00:00")).toBe("2027-03-28T00:00:00+01:00");
  });
});
