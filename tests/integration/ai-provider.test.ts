/**
 * The OpenAI-compatible engine against an msw stand-in for a chat-completions API: success,
 * a timeout, 429 then success, 500, invalid JSON and an invalid block structure. The local
 * engine's description written from the facts is here too.
 */
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AiInvalidOutputError, AiUnavailableError, type HotelText, type RecommendationContext } from "#app/ai/engine.server.ts";
import { createLocalEngine } from "#app/ai/local-engine.server.ts";
import { readBrief } from "#app/ai/draft-brief.ts";
import { createOpenAiEngine } from "#app/ai/openai-engine.server.ts";
import type { Candidate } from "#app/ai/retrieval.server.ts";
import { SEK_DISPLAY } from "#app/utils/money.ts";

const BASE = "https://ai.example.test/v1";
const calls: {
  authorization: string | null;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: unknown };
}[] = [];
let answer: (attempt: number) => Response | Promise<Response> = () => HttpResponse.json({});

const server = setupServer(
  http.post(`${BASE}/chat/completions`, async ({ request }) => {
    calls.push({ authorization: request.headers.get("Authorization"), body: (await request.json()) as never });
    return answer(calls.length);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  calls.length = 0;
});
afterAll(() => server.close());

const reply = (content: string) =>
  HttpResponse.json({ id: "c1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content } }] });

const waits: number[] = [];
const engine = (options: { timeoutMs?: number } = {}) =>
  createOpenAiEngine({
    baseUrl: BASE,
    apiKey: "sk-test",
    model: "test-model",
    timeoutMs: options.timeoutMs ?? 5000,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });

const hotel = (hotelId: string, name: string): Candidate => ({
  hotelId,
  name,
  location: "Stockholm",
  country: "Sweden",
  locationName: "Stockholm",
  countryName: "Sverige",
  stars: 4,
  rating: 8.6,
  price: { kind: "lead", amountSek: 1490, nights: null, partners: 2 },
  soldOut: false,
  amenities: ["Spa", "Frukost"],
  amenityKeys: ["spa", "frukost"],
  matched: [],
  path: `/Sweden/Stockholm/${name.toLowerCase().replace(/\s+/g, "-")}`,
});

const context: RecommendationContext = {
  understanding: {
    places: [{ location: "Stockholm", country: "Sweden", name: "Stockholm", countryName: "Sverige" }],
    countries: [],
    minStars: null,
    amenities: [],
    budget: null,
    maxPrice: null,
  },
  retrieval: { hotels: [hotel("H1", "Hotel Ett"), hotel("H2", "Hotel Två"), hotel("H3", "Hotel Tre")], relaxed: [], unmet: [] },
  display: SEK_DISPLAY,
};
const request = { query: "spa i Stockholm", preferences: "lugnt" };
/** Intl writes Swedish amounts with no-break spaces; compare as a visitor reads them. */
const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("recommendations from the provider", () => {
  it("sends the catalogue's hotels in the prompt and names only those it picked from them", async () => {
    answer = () =>
      reply(
        JSON.stringify({
          intro: "Tre lugna hotell i Stockholm.",
          picks: [
            { hotel_id: "H2", why: "Ett spa och tysta rum." },
            { hotel_id: "INVENTED", why: "Finns inte." },
            { hotel_id: "H1", why: "Frukost ingår." },
            { hotel_id: "H2", why: "Dubblett." },
          ],
          outro: "Trevlig resa!",
        }),
      );
    const result = await engine().recommend(request, context);
    expect(result.hotels.map((h) => h.name)).toEqual(["Hotel Två", "Hotel Ett"]);
    expect(read(result.text)).toBe(
      [
        "Tre lugna hotell i Stockholm.",
        "",
        `1. Hotel Två (Stockholm, Sverige): 4 stjärnor, gästbetyg 8,6 av 10, från 1 490 kr / natt. Ett spa och tysta rum.`,
        `2. Hotel Ett (Stockholm, Sverige): 4 stjärnor, gästbetyg 8,6 av 10, från 1 490 kr / natt. Frukost ingår.`,
        "",
        "Trevlig resa!",
      ].join("\n"),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe("Bearer sk-test");
    expect(calls[0]!.body.model).toBe("test-model");
    expect(calls[0]!.body.response_format).toEqual({ type: "json_object" });
    const prompt = calls[0]!.body.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain('"hotel_id":"H3"');
    expect(prompt).toContain("spa i Stockholm");
    expect(prompt).toContain("lugnt");
    expect(prompt).toContain('"place":"Stockholm, Sverige"');
  });

  it("sends Swedish place names and says plainly, itself, what no hotel has", async () => {
    answer = () => reply(JSON.stringify({ intro: "Två hotell i Göteborg.", picks: [{ hotel_id: "G1", why: "Nära havet." }] }));
    const gothenburg = { ...hotel("G1", "Haga Hotell"), location: "Gothenburg", locationName: "Göteborg", amenityKeys: [] };
    const result = await engine().recommend(
      { query: "hotell i Göteborg med frukost", preferences: "" },
      {
        understanding: {
          ...context.understanding,
          places: [{ location: "Gothenburg", country: "Sweden", name: "Göteborg", countryName: "Sverige" }],
          amenities: ["breakfast"],
        },
        retrieval: { hotels: [gothenburg], relaxed: [], unmet: ["breakfast"] },
        display: SEK_DISPLAY,
      },
    );
    expect(result.text.split("\n")[0]).toBe("Inget av hotellen i Göteborg har frukost angiven.");
    expect(result.text).toContain("1. Haga Hotell (Göteborg, Sverige)");
    expect(result.text).not.toContain("Gothenburg");
    const prompt = calls[0]!.body.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain("OUPPFYLLT: Inget av hotellen i Göteborg har frukost angiven.");
    expect(prompt).toContain('"place":"Göteborg, Sverige"');
    expect(prompt).not.toContain("Gothenburg");
  });

  it("quotes the cards' prices, in the page's currency, and never an amount the model wrote", async () => {
    answer = () =>
      reply(
        JSON.stringify({
          intro: "Två hotell i Stockholm.",
          picks: [{ hotel_id: "H1", why: "Bara 1 550 kr per natt med frukost." }],
        }),
      );
    const stay = { ...hotel("H1", "Hotel Ett"), price: { kind: "stay" as const, amountSek: 4390, nights: 3, partners: 3 } };
    const result = await engine().recommend(request, { ...context, retrieval: { ...context.retrieval, hotels: [stay] } });
    const prompt = read(calls[0]!.body.messages.map((m) => m.content).join("\n"));
    expect(prompt).toContain('"price":"4 390 kr för 3 nätter, inkl. skatter och avgifter"');
    // The model's own figure is not the card's: the answer is our grounded text instead.
    expect(read(result.text)).not.toContain("1 550");
    expect(read(result.text)).toContain(
      "1. Hotel Ett (Stockholm, Sverige): 4 stjärnor, gästbetyg 8,6 av 10, 4 390 kr för 3 nätter, inkl. skatter och avgifter.",
    );
  });

  it("gives up on a provider that does not answer in time, without retrying", async () => {
    answer = async () => {
      await delay(2000);
      return reply("{}");
    };
    await expect(engine({ timeoutMs: 150 }).recommend(request, context)).rejects.toBeInstanceOf(AiUnavailableError);
    expect(calls).toHaveLength(1);
  });

  it("waits and retries after 429, honouring Retry-After", async () => {
    waits.length = 0;
    answer = (attempt) =>
      attempt === 1
        ? HttpResponse.json({ error: { message: "rate limited" } }, { status: 429, headers: { "Retry-After": "2" } })
        : reply(JSON.stringify({ intro: "Ett förslag.", picks: [{ hotel_id: "H3", why: "Bra läge." }] }));
    const result = await engine().recommend(request, context);
    expect(result.hotels.map((h) => h.name)).toEqual(["Hotel Tre"]);
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it("retries a 500 with back-off and then reports the provider unavailable", async () => {
    waits.length = 0;
    answer = () => HttpResponse.json({ error: { message: "boom" } }, { status: 500 });
    await expect(engine().recommend(request, context)).rejects.toBeInstanceOf(AiUnavailableError);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it("rejects an answer that is not JSON", async () => {
    answer = () => reply("Här är några hotell: Grand Hôtel och Hotel Diplomat.");
    await expect(engine().recommend(request, context)).rejects.toBeInstanceOf(AiInvalidOutputError);
  });

  it("rejects an answer that picks no hotel of ours", async () => {
    answer = () => reply(JSON.stringify({ intro: "Hej", picks: [{ hotel_id: "Grand Hôtel", why: "Känt." }] }));
    await expect(engine().recommend(request, context)).rejects.toBeInstanceOf(AiInvalidOutputError);
  });
});

describe("blog drafts from the provider", () => {
  const draftContext = {
    understanding: context.understanding,
    hotels: context.retrieval.hotels,
    unmet: [],
    placeLink: { label: "Stockholm", path: "/Sweden/Stockholm" },
    brief: { subjects: [], wantsHotels: true },
  };

  it("accepts a draft that follows the block schema, with the defaults filled in", async () => {
    answer = () =>
      reply(
        "```json\n" +
          JSON.stringify({
            title: "Spahotell i Stockholm",
            excerpt: "Tre hotell för en lugn helg.",
            blocks: [
              { type: "heading", content: "Därför Stockholm" },
              { type: "paragraph", content: "Stockholm har fina spa." },
              { type: "list", items: ["Boka tidigt"] },
              { type: "button", text: "Se hotellen", url: "/Sweden/Stockholm" },
            ],
          }) +
          "\n```",
      );
    const draft = await engine().draftBlogPost({ topic: "Reseblogg", instructions: "spa" }, draftContext);
    expect(draft.title).toBe("Spahotell i Stockholm");
    expect(draft.blocks[0]).toEqual({ type: "heading", level: 2, content: "Därför Stockholm" });
    expect(draft.blocks[2]).toEqual({ type: "list", style: "unordered", items: ["Boka tidigt"] });
    expect(draft.blocks[3]).toEqual({ type: "button", text: "Se hotellen", url: "/Sweden/Stockholm", external: false, variant: "default" });
  });

  it("asks for a post about what the brief names, with hotels only where they fit", async () => {
    answer = () =>
      reply(
        JSON.stringify({
          title: "Stränder och parker i Stockholm",
          excerpt: "Bad och grönska.",
          blocks: [
            { type: "heading", content: "Stränder" },
            { type: "paragraph", content: "Långholmen." },
          ],
        }),
      );
    const instructions = "Skriv om stränder och parker i Stockholm";
    const brief = readBrief(instructions, draftContext.understanding);
    const draft = await engine().draftBlogPost({ topic: "Reseblogg", instructions }, { ...draftContext, brief });
    expect(draft.title).toBe("Stränder och parker i Stockholm");
    const [system, user] = calls[0]!.body.messages.map((message) => message.content);
    expect(system).toContain("Inlägget handlar om det INSTRUKTIONER ber om: AVSNITT räknar upp det");
    expect(system).toContain("Nämn hotell bara där de passar ämnet");
    expect(user).toContain(`INSTRUKTIONER: ${instructions}\nAVSNITT: stränder; parker\nHOTELL ÖNSKAS: nej\n`);

    // A brief that asks for hotels says so.
    calls.length = 0;
    const withHotels = "Skriv om stränder och parker i Stockholm, och var man kan bo";
    await engine().draftBlogPost(
      { topic: "Reseblogg", instructions: withHotels },
      { ...draftContext, brief: readBrief(withHotels, draftContext.understanding) },
    );
    expect(calls[0]!.body.messages[1]!.content).toContain("AVSNITT: stränder; parker\nHOTELL ÖNSKAS: ja\n");
  });

  it.each([
    ["an unknown block type", { type: "video", url: "https://example.com/v.mp4" }],
    ["a javascript: link", { type: "button", text: "Klicka", url: "javascript:alert(1)" }],
    ["a list without items", { type: "list", style: "ordered", items: [] }],
    ["a heading level 7", { type: "heading", level: 7, content: "För djupt" }],
    ["an empty paragraph", { type: "paragraph", content: "   " }],
  ])("rejects a draft with %s", async (_name, block) => {
    answer = () => reply(JSON.stringify({ title: "Titel", excerpt: "Utdrag", blocks: [{ type: "paragraph", content: "Text." }, block] }));
    await expect(engine().draftBlogPost({ topic: "Reseblogg", instructions: "x" }, draftContext)).rejects.toBeInstanceOf(
      AiInvalidOutputError,
    );
  });
});

describe("translation", () => {
  const text: HotelText = {
    hotelId: "H1",
    name: "Hotel Ett",
    location: "Gothenburg",
    country: "Sweden",
    locationName: "Göteborg",
    countryName: "Sverige",
    description: "A calm hotel with a spa.",
    address: "Linnégatan 3, Linné, Gothenburg",
    stars: 4,
    rating: 8.64,
    reviewCount: 120,
    price: 1490,
    currency: "SEK",
    amenityKeys: ["spa", "bastu", "frukost"],
  };

  it("returns the provider's Swedish text, with the place's Swedish names in the prompt", async () => {
    answer = () => reply("  Ett lugnt hotell med spa.  ");
    expect(await engine().translateToSwedish(text)).toBe("Ett lugnt hotell med spa.");
    expect(calls[0]!.body.messages[1]!.content).toContain("A calm hotel with a spa.");
    expect(calls[0]!.body.messages[1]!.content).toContain("Hotel Ett (Göteborg, Sverige)");
  });

  it("is written from the hotel's facts by the local engine, the same text every time", async () => {
    const local = createLocalEngine();
    expect(local.canTranslate).toBe(false);
    const swedish = await local.translateToSwedish(text);
    expect(swedish).toContain("Hotel Ett");
    expect(swedish).toContain("ett fyrstjärnigt hotell");
    expect(swedish).toContain("Göteborg");
    expect(swedish).not.toContain("Gothenburg");
    expect(swedish).toContain("Linnégatan 3 i Linné");
    expect(swedish).toContain("8,6 av 10");
    expect(swedish).toContain("spa, bastu och frukost");
    expect(swedish).toMatch(/(Prisnivån|Priserna) är i mellanklassen\./);
    expect(await local.translateToSwedish(text)).toBe(swedish);
    expect(calls).toHaveLength(0);
  });
});
