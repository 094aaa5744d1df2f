/**
 * An OpenAI-compatible chat-completions provider (OpenAI, Azure OpenAI, Mistral, Groq, a
 * local llama.cpp or vLLM server …), over fetch. Every prompt carries the hotels our
 * retrieval found; recommendations come back as hotel ids that are checked against those
 * hotels, so the answer never names a hotel we do not have. Blog drafts come back as JSON
 * and are validated with the block schema; anything else is rejected, never stored.
 */
import { z } from "zod";
import { blogDraftSchema, type BlogDraft } from "#app/blog/content-blocks.ts";
import { log } from "#app/utils/log.server.ts";
import { retry } from "#app/utils/retry.server.ts";
import {
  AiInvalidOutputError,
  AiUnavailableError,
  type AiEngine,
  type DraftContext,
  type DraftRequest,
  type HotelText,
  type RecommendationAnswer,
  type RecommendationContext,
  type RecommendationRequest,
} from "./engine.server.ts";
import { hotelFacts, noneHasText, placeText, recommendLocally, whereText } from "./local-engine.server.ts";
import { providerTextProblems, statesAnAmount, withoutContactDetails } from "./provider-text.ts";
import type { Candidate } from "./retrieval.server.ts";
import { priceInWords } from "#app/prices/list-price-text.ts";
import { SEK_DISPLAY, type PriceDisplay } from "#app/utils/money.ts";
import { getEnv } from "#app/utils/env.server.ts";

export interface OpenAiEngineOptions {
  /** e.g. https://api.openai.com/v1 (the path up to /chat/completions). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  retries?: number;
  baseDelayMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** A 429 or 5xx answer: worth another attempt, after Retry-After when it says so. */
class ProviderStatus extends Error {
  override name = "ProviderStatus";
  readonly status: number;
  readonly retryAfterMs: number | undefined;
  constructor(status: number, retryAfter: string | null) {
    super(`AI provider answered HTTP ${status}`);
    this.status = status;
    const seconds = retryAfter === null ? NaN : Number(retryAfter);
    // Honour the provider's wait, but never hold a visitor for more than 10 s.
    this.retryAfterMs = Number.isFinite(seconds) ? Math.min(10_000, seconds * 1000) : undefined;
  }
}

const retryable = (error: unknown) =>
  (error instanceof ProviderStatus && (error.status === 429 || error.status >= 500)) ||
  // fetch's network failures; our own timeouts are not retried, so a call stays bounded.
  error instanceof TypeError;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const recommendationSchema = z.object({
  intro: z.string().trim().min(1).max(600),
  picks: z
    .array(z.object({ hotel_id: z.string(), why: z.string().trim().min(1).max(600) }))
    .min(1)
    .max(8),
  outro: z.string().trim().max(600).optional().default(""),
});

/**
 * The hotels as the model sees them: ids, facts and amenities, nothing it must not repeat. The
 * price is the card's, in words; the answer's lines quote it from us, not from the model.
 */
function hotelsForPrompt(hotels: Candidate[], display: PriceDisplay) {
  return hotels.map((hotel) => ({
    hotel_id: hotel.hotelId,
    name: hotel.name,
    place: placeText(hotel),
    stars: hotel.stars,
    guest_rating: hotel.rating,
    price: priceInWords(hotel.price, hotel.soldOut, display),
    amenities: hotel.amenities.slice(0, 12),
  }));
}

/** The wishes no hotel of the place has, in a sentence; null when every wish can be met. */
function unmetText(context: RecommendationContext): string | null {
  const { unmet } = context.retrieval;
  return unmet.length ? `${noneHasText(whereText(context.understanding), unmet)}.` : null;
}

/** Pulls the JSON object out of a reply, also when a model wraps it in a code fence. */
function parseJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const text = (fenced ? fenced[1]! : content).trim();
  try {
    return JSON.parse(text);
  } catch {
    throw new AiInvalidOutputError("The AI provider did not answer with valid JSON");
  }
}

export function createOpenAiEngine(options: OpenAiEngineOptions): AiEngine {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function chat(messages: ChatMessage[], { json, temperature = 0.4 }: { json: boolean; temperature?: number }): Promise<string> {
    const started = performance.now();
    try {
      const content = await retry(
        async () => {
          let response: Response;
          try {
            response = await doFetch(endpoint, {
              method: "POST",
              headers: { "Content-Type": "application/json", Authorization: `Bearer ${options.apiKey}` },
              body: JSON.stringify({
                model: options.model,
                messages,
                temperature,
                ...(json ? { response_format: { type: "json_object" } } : {}),
              }),
              signal: AbortSignal.timeout(timeoutMs),
            });
          } catch (error) {
            if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
              throw new AiUnavailableError(`The AI provider did not answer within ${timeoutMs} ms`, { cause: error });
            }
            throw error;
          }
          if (!response.ok) {
            void response.body?.cancel().catch(() => {});
            if (response.status === 429 || response.status >= 500)
              throw new ProviderStatus(response.status, response.headers.get("Retry-After"));
            throw new AiUnavailableError(`The AI provider refused the request (HTTP ${response.status})`);
          }
          let body: unknown;
          try {
            body = await response.json();
          } catch {
            throw new AiInvalidOutputError("The AI provider's answer was not JSON");
          }
          const parsed = completionSchema.safeParse(body);
          if (!parsed.success) throw new AiInvalidOutputError("The AI provider's answer had no message");
          const text = parsed.data.choices[0]!.message.content?.trim() ?? "";
          if (!text) throw new AiInvalidOutputError("The AI provider's answer was empty");
          return text;
        },
        {
          retries: options.retries ?? 3,
          baseDelayMs: options.baseDelayMs ?? 500,
          shouldRetry: retryable,
          delayFor: (error) => (error instanceof ProviderStatus ? error.retryAfterMs : undefined),
          sleep: options.sleep,
          onRetry: ({ attempt, delayMs, error }) =>
            log.warn("ai provider: retrying", { attempt, delayMs, status: error instanceof ProviderStatus ? error.status : null }),
        },
      );
      log.info("ai provider call", { model: options.model, ms: Math.round(performance.now() - started) });
      return content;
    } catch (error) {
      if (error instanceof ProviderStatus || error instanceof TypeError) {
        throw new AiUnavailableError(`The AI provider is unavailable: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }

  return {
    name: "openai-compatible",
    model: options.model,
    canTranslate: true,

    async recommend(request: RecommendationRequest, context: RecommendationContext): Promise<RecommendationAnswer> {
      const hotels = context.retrieval.hotels;
      if (hotels.length === 0) {
        return { text: "Jag hittade tyvärr inga hotell i vår katalog som passar. Prova en annan ort eller färre önskemål.", hotels: [] };
      }
      const unmet = unmetText(context);
      const content = await chat(
        [
          {
            role: "system",
            content: [
              `Du är ${getEnv().SITE_NAME}s hotellrådgivare och svarar på svenska.`,
              "Välj 3–5 hotell ENBART ur listan HOTELL (färre om listan är kortare) som passar besökarens önskemål bäst.",
              "Nämn aldrig något annat hotell. Hitta inte på fakta som inte står i listan.",
              "Påstå aldrig att ett hotell har något som inte står bland dess amenities. Önskemål under OUPPFYLLT har inget av hotellen.",
              "Skriv inga priser eller belopp: vi skriver varje hotells pris (fältet price) bredvid ditt svar.",
              'Svara med JSON: {"intro": "en mening", "picks": [{"hotel_id": "id ur listan", "why": "en eller två meningar om varför"}], "outro": "en kort avslutning"}.',
            ].join("\n"),
          },
          {
            role: "user",
            content: `ÖNSKEMÅL: ${request.query}\nPREFERENSER: ${request.preferences || "(inga)"}${unmet ? `\nOUPPFYLLT: ${unmet}` : ""}\n\nHOTELL:\n${JSON.stringify(hotelsForPrompt(hotels, context.display))}`,
          },
        ],
        { json: true },
      );
      const parsed = recommendationSchema.safeParse(parseJson(content));
      if (!parsed.success) throw new AiInvalidOutputError("The AI provider's recommendation did not have the asked-for shape");
      const byId = new Map(hotels.map((hotel) => [hotel.hotelId, hotel]));
      const seen = new Set<string>();
      const picks = parsed.data.picks
        .filter((pick) => byId.has(pick.hotel_id) && !seen.has(pick.hotel_id) && seen.add(pick.hotel_id))
        .slice(0, 5);
      if (picks.length === 0) throw new AiInvalidOutputError("The AI provider picked no hotel from the catalogue");
      const chosen = picks.map((pick) => byId.get(pick.hotel_id)!);
      // The provider's own words reach visitors only when they carry no address, e-mail address,
      // telephone number or hotel we do not have; else the picks get our grounded text.
      const words = [parsed.data.intro, ...picks.map((pick) => pick.why), parsed.data.outro].join("\n");
      const problems: string[] = providerTextProblems(
        words,
        hotels.map((hotel) => hotel.name),
      );
      if (statesAnAmount(words)) problems.push("amount");
      if (problems.length) {
        log.warn("ai provider: recommendation text replaced", { problems });
        return recommendLocally({ ...context, retrieval: { ...context.retrieval, hotels: chosen } });
      }
      const lines = [
        // Said by us, not left to the model: the visitor learns plainly what no hotel has.
        ...(unmet ? [unmet] : []),
        parsed.data.intro,
        "",
        ...picks.map((pick, index) => {
          const hotel = chosen[index]!;
          return `${index + 1}. ${hotel.name} (${placeText(hotel)}): ${hotelFacts(hotel, context.display)}. ${pick.why}`;
        }),
        ...(parsed.data.outro ? ["", parsed.data.outro] : []),
      ];
      return { text: lines.join("\n"), hotels: chosen.map((hotel) => ({ name: hotel.name, path: hotel.path })) };
    },

    async translateToSwedish(hotel: HotelText): Promise<string> {
      const translation = await chat(
        [
          {
            role: "system",
            content:
              "Du översätter hotellbeskrivningar från engelska till naturlig, korrekt svenska för en svensk hotellsajt. " +
              "Behåll alla fakta, hitta inte på något, behåll hotellets och platsernas namn. Svara bara med den svenska texten.",
          },
          { role: "user", content: `Hotell: ${hotel.name} (${hotel.locationName}, ${hotel.countryName})\n\n${hotel.description}` },
        ],
        { json: false, temperature: 0.2 },
      );
      // A bulk rewrite goes on the hotel's public page unreviewed: no address, e-mail or number in it.
      const safe = withoutContactDetails(translation);
      if (safe === null) throw new AiInvalidOutputError("The AI provider's translation held nothing but contact details");
      if (safe !== translation) log.warn("ai provider: contact details left out of a translation", { hotel: hotel.name });
      return safe;
    },

    async draftBlogPost(request: DraftRequest, context: DraftContext): Promise<BlogDraft> {
      const content = await chat(
        [
          {
            role: "system",
            content: [
              `Du skriver inlägg för ${getEnv().SITE_NAME}s reseblogg på svenska: konkreta, hjälpsamma och utan överdrifter.`,
              "Inlägget handlar om det INSTRUKTIONER ber om: AVSNITT räknar upp det, och varje del får ett eget avsnitt i den ordningen.",
              "Nämn hotell bara där de passar ämnet (ett hotell med havsutsikt i ett avsnitt om stränder). " +
                "Ber instruktionerna inte om hotell (HOTELL ÖNSKAS: nej) blir inlägget ingen hotellista.",
              "Du får bara nämna hotell ur listan HOTELL, och bara länka till deras sökvägar (path) eller till PLATSSIDA.",
              'Svara med JSON: {"title": string, "excerpt": string (högst 160 tecken), "blocks": [block, ...]}.',
              'Block: {"type":"paragraph","content":string} | {"type":"heading","level":2|3,"content":string} | ' +
                '{"type":"list","style":"unordered"|"ordered","items":[string]} | {"type":"quote","content":string,"cite"?:string} | ' +
                '{"type":"button","text":string,"url":"/sökväg","external":false,"variant":"default"|"outline"}.',
            ].join("\n"),
          },
          {
            role: "user",
            content:
              `ÄMNE: ${request.topic}\nINSTRUKTIONER: ${request.instructions}\n` +
              (context.brief.subjects.length ? `AVSNITT: ${context.brief.subjects.join("; ")}\n` : "") +
              `HOTELL ÖNSKAS: ${context.brief.wantsHotels || !context.brief.subjects.length ? "ja" : "nej"}\n` +
              `PLATSSIDA: ${context.placeLink ? `${context.placeLink.label} ${context.placeLink.path}` : "(ingen)"}\n` +
              (context.unmet.length
                ? `OUPPFYLLT (säg det, lova det inte): ${noneHasText(whereText(context.understanding) ?? context.placeLink?.label ?? null, context.unmet)}.\n`
                : "") +
              "\n" +
              `HOTELL:\n${JSON.stringify(context.hotels.map((hotel) => ({ ...hotelsForPrompt([hotel], SEK_DISPLAY)[0], path: hotel.path })))}`,
          },
        ],
        { json: true, temperature: 0.6 },
      );
      const parsed = blogDraftSchema.safeParse(parseJson(content));
      if (!parsed.success) {
        log.warn("ai provider: blog draft rejected", {
          issues: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".")}: ${issue.message}`),
        });
        throw new AiInvalidOutputError("The AI provider's blog draft did not follow the block schema");
      }
      return parsed.data;
    },
  };
}
