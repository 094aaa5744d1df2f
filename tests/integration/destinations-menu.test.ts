/**
 * The site header's Destinationer menu (issue 35 point 8): Sverige, Norge, Danmark and Finland
 * first, then the countries with the most hotels; an administrator changes the order at
 * /admin/menu (a plain POST form), and bad choices are answered by their fields, nothing saved.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always", SEED_DEMO_PRICES: "none" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The countries of the desktop menu as a visitor's page lists them. */
async function menu(): Promise<string[]> {
  const html = await (await new Browser(app.origin).get("/blog")).text();
  const nav = /<nav aria-label="Huvudmeny"[\s\S]*?<\/nav>/.exec(html)![0];
  return [...nav.replace(/<!-- -->/g, "").matchAll(/Utforska hotell i ([^<]+)</g)].map((match) => match[1]!);
}

/** Countries with hotels by their number, most first (then Swedish name), as Swedish names. */
async function byHotelCount(): Promise<string[]> {
  const { rows } = await sql<{ name: string; hotels: number }>`
    select c.name_sv as name, sum(p.hotel_count)::int as hotels
    from catalogue_places p
    join country_names n on n.name_key = p.country_key
    join countries c on c.iso_code = n.iso_code
    where p.hotel_count > 0
    group by c.name_sv
  `.execute(await app.db());
  const collator = new Intl.Collator("sv-SE");
  return rows.sort((a, b) => b.hotels - a.hotels || collator.compare(a.name, b.name)).map((row) => row.name);
}

const save = (positions: string[]) =>
  admin.post("/admin/menu", { intent: "save", ...Object.fromEntries(positions.map((code, index) => [`countries[${index}]`, code])) });

describe("the Destinationer menu", () => {
  it("lists Sverige, Norge, Danmark and Finland first, then the countries with the most hotels", async () => {
    const nordic = ["Sverige", "Norge", "Danmark", "Finland"];
    const next = (await byHotelCount()).find((name) => !nordic.includes(name))!;
    expect(await menu()).toEqual([...nordic, next]);
  });

  it("follows the order an administrator saves, and the hotel counts where none is chosen", async () => {
    const page = visibleText(await (await admin.get("/admin/menu")).text());
    expect(page).toContain("Destinations Menu");
    expect(page).toMatch(/The menu now 1?\s*Sverige/);
    expect(page).toMatch(/Japan \(\d+ hotels\)/);

    const saved = await save(["JP", "", "SE", "", ""]);
    expect(saved.status).toBe(302);
    expect(visibleText(await (await admin.follow(saved)).text())).toContain("Destinationer lists the 2 chosen countries first");
    const rest = (await byHotelCount()).filter((name) => name !== "Japan" && name !== "Sverige");
    expect(await menu()).toEqual(["Japan", "Sverige", ...rest.slice(0, 3)]);

    const cleared = await save(["", "", "", "", ""]);
    expect(visibleText(await (await admin.follow(cleared)).text())).toContain("Destinationer lists the countries with the most hotels.");
    expect(await menu()).toEqual((await byHotelCount()).slice(0, 5));
    await save(["SE", "NO", "DK", "FI", ""]);
  });

  it("answers a country chosen twice, one without hotels and one not from the list by their fields, and saves nothing", async () => {
    const before = await (await app.db()).selectFrom("menu_countries").selectAll().orderBy("position").execute();
    for (const [positions, position, message] of [
      [["SE", "NO", "SE", "", ""], 3, "Already chosen above: choose another country or none."],
      [["SE", "AQ", "", "", ""], 2, "No hotels in that country: choose another."],
      [["SE", "sverige", "", "", ""], 2, "Choose a country from the list."],
      [["SE", "<script>", "", "", ""], 2, "Choose a country from the list."],
    ] as const) {
      const response = await save([...positions]);
      expect(response.status, message).toBe(400);
      const html = await response.text();
      // Under its own field: the error's text comes before the next position's label.
      const field = visibleText(html)
        .split(`Position ${position}`)[1]!
        .split(`Position ${position + 1}`)[0]!;
      expect(field, message).toContain(message);
      expect(html).not.toContain("<script>");
    }
    const malformed = await admin.post("/admin/menu", { intent: "save", countries: "SE" });
    expect(malformed.status).toBe(400);
    expect(visibleText(await malformed.text())).toContain("The countries did not arrive as this form sends them. Choose them again.");
    expect(await (await app.db()).selectFrom("menu_countries").selectAll().orderBy("position").execute()).toEqual(before);
    expect(await menu()).toEqual(expect.arrayContaining(["Sverige", "Norge", "Danmark", "Finland"]));
  });
});
