/**
 * The local engine (the embedded default, no network): writes Swedish answers and blog
 * drafts from the hotels that retrieval found, so it can only name hotels that exist, and
 * Swedish hotel descriptions from the catalogue's facts. Deterministic: the same request and
 * catalogue give the same text. It cannot translate free text; a provider does that.
 */
import type { BlogDraft, ContentBlock } from "#app/blog/content-blocks.ts";
import { priceInWords } from "#app/prices/list-price-text.ts";
import { formatSek, SEK_DISPLAY, type PriceDisplay } from "#app/utils/money.ts";
import {
  type AiEngine,
  type DraftContext,
  type DraftRequest,
  type RecommendationAnswer,
  type RecommendationContext,
} from "./engine.server.ts";
import { perNight, type Candidate } from "./retrieval.server.ts";
import type { AmenityKey as CatalogueAmenityKey } from "#app/hotels/hotel-record.ts";
import { composeSwedishDescription } from "./swedish-description.ts";
import { AMENITY_NEUTER, AMENITY_SV, AMENITY_WISH_KEYS, type AmenityKey, type Understanding } from "./understand.ts";
import { formatRating } from "#app/utils/format.ts";

const joinSv = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} och ${items[items.length - 1]}`;

const starsText = (stars: number) => (stars === 1 ? "1 stjärna" : `${stars} stjärnor`);

/** Where the request points, in Swedish: 'Stockholm', 'Göteborg och Oslo', 'Sverige'. */
export function whereText(u: Understanding): string | null {
  const names = [...u.places.map((place) => place.name), ...u.countries.map((country) => country.name)];
  return names.length ? joinSv(names) : null;
}

/** A hotel's place in Swedish: 'Göteborg, Sverige'. */
export const placeText = (hotel: Candidate) =>
  hotel.locationName === hotel.countryName ? hotel.locationName : `${hotel.locationName}, ${hotel.countryName}`;

/**
 * One hotel's facts as a sentence: stars, guest rating and price when known, the price in its
 * card's words ('från 1 390 kr / natt', '4 390 kr för 3 nätter, inkl. skatter och avgifter').
 */
export function hotelFacts(hotel: Candidate, display: PriceDisplay = SEK_DISPLAY): string {
  const facts: string[] = [];
  if (hotel.stars) facts.push(starsText(hotel.stars));
  if (hotel.rating !== null) facts.push(`gästbetyg ${formatRating(hotel.rating)} av 10`);
  const price = priceInWords(hotel.price, hotel.soldOut, display);
  if (price) facts.push(hotel.soldOut ? price.toLowerCase() : price);
  return facts.join(", ");
}

/** A hotel's amenities in Swedish, for those the answer has words for. */
function swedishAmenities(amenityKeys: CatalogueAmenityKey[]): string[] {
  const keys = new Set<AmenityKey>();
  for (const amenityKey of amenityKeys) {
    const key = (Object.keys(AMENITY_WISH_KEYS) as AmenityKey[]).find((candidate) => AMENITY_WISH_KEYS[candidate].includes(amenityKey));
    if (key) keys.add(key);
  }
  return [...keys].map((key) => AMENITY_SV[key]);
}

function whyText(hotel: Candidate, u: Understanding, index: number, hotels: Candidate[], unmet: readonly AmenityKey[]): string {
  const reasons: string[] = [];
  if (hotel.matched.length) reasons.push(`Har ${joinSv(hotel.matched.map((key) => AMENITY_SV[key]))}.`);
  // Wishes no hotel here has are said once, above the list, not on every line.
  const missing = u.amenities.filter((key) => !hotel.matched.includes(key) && !unmet.includes(key));
  if (missing.length) reasons.push(`Saknar ${joinSv(missing.map((key) => AMENITY_SV[key]))}.`);
  const prices = hotels.flatMap((h) => (h.price ? [perNight(h.price)] : []));
  if (u.budget === "low" && hotel.price && perNight(hotel.price) === Math.min(...prices)) reasons.push("Det mest prisvärda alternativet.");
  else if (u.budget === "high" && hotel.stars === 5) reasons.push("Ett femstjärnigt hotell för den som vill unna sig.");
  const ratings = hotels.map((h) => h.rating ?? 0);
  if (index === 0 && hotel.rating !== null && hotel.rating === Math.max(...ratings)) reasons.push("Högst gästbetyg bland förslagen.");
  const known = swedishAmenities(hotel.amenityKeys).slice(0, 3);
  if (!reasons.length && known.length) reasons.push(`Bland annat ${joinSv(known)}.`);
  return reasons.join(" ");
}

function introText(u: Understanding, count: number, closest: boolean): string {
  const kind = u.budget === "low" ? "prisvärda hotell" : u.budget === "high" ? "lyxiga hotell" : "hotell";
  const where = whereText(u);
  const place = where ? ` i ${where}` : " ur hela vår katalog";
  const stars = u.minStars ? ` med minst ${starsText(u.minStars)}` : "";
  const amenities = u.amenities.length ? `${stars ? " och" : " med"} ${joinSv(u.amenities.map((key) => AMENITY_SV[key]))}` : "";
  const price = u.maxPrice ? ` för högst ${formatSek(u.maxPrice)} per natt` : "";
  return `Här är ${count} ${kind}${place}${stars}${amenities}${price} som ${closest ? "kommer närmast" : "passar"} det du söker:`;
}

function relaxedText(context: RecommendationContext): string[] {
  const { understanding: u, retrieval } = context;
  const notes: string[] = [];
  if (retrieval.relaxed.includes("price") && u.maxPrice) {
    notes.push(
      `Inget hotell${whereText(u) ? ` i ${whereText(u)}` : ""} kostar under ${formatSek(u.maxPrice)} per natt, så här är de som kommer närmast.`,
    );
  }
  if (retrieval.relaxed.includes("stars") && u.minStars) {
    notes.push(
      `Inget hotell${whereText(u) ? ` i ${whereText(u)}` : ""} har ${starsText(u.minStars)} eller fler, så här är de bäst betygsatta i stället.`,
    );
  }
  if (retrieval.unmet.length) notes.push(`${noneHasText(whereText(u), retrieval.unmet)}.`);
  if (retrieval.relaxed.includes("amenities")) notes.push("Alla hotell har inte allt du bad om; vad som saknas står vid varje hotell.");
  return notes;
}

/** 'har frukost angiven', 'har gym angivet': what no hotel has, as our data says. */
const listedText = (key: AmenityKey) =>
  key === "pets" ? "tar emot husdjur" : `har ${AMENITY_SV[key]} ${AMENITY_NEUTER.has(key) ? "angivet" : "angiven"}`;

/** 'Inget av hotellen i Göteborg har frukost angiven och inget har gym angivet'. */
export function noneHasText(where: string | null, unmet: readonly AmenityKey[]): string {
  const [first, ...rest] = unmet.map(listedText);
  return joinSv([`Inget av hotellen ${where ? `i ${where}` : "i vår katalog"} ${first}`, ...rest.map((text) => `inget ${text}`)]);
}

const understoodNothing = (u: Understanding) =>
  !u.places.length && !u.countries.length && !u.minStars && !u.amenities.length && !u.budget && !u.maxPrice;

export function recommendLocally(context: RecommendationContext): RecommendationAnswer {
  const { understanding: u, retrieval } = context;
  const hotels = retrieval.hotels;
  if (hotels.length === 0) {
    return {
      text: "Jag hittade tyvärr inga hotell i vår katalog som passar. Prova en annan ort eller färre önskemål.",
      hotels: [],
    };
  }
  const closest = retrieval.unmet.length > 0 || retrieval.relaxed.includes("amenities");
  const lines = [
    ...relaxedText(context),
    introText(relaxedUnderstanding(context), hotels.length, closest),
    "",
    ...hotels.map((hotel, index) => {
      const why = whyText(hotel, u, index, hotels, retrieval.unmet);
      return `${index + 1}. ${hotel.name} (${placeText(hotel)}): ${hotelFacts(hotel, context.display)}.${why ? ` ${why}` : ""}`;
    }),
    "",
    understoodNothing(u)
      ? "Berätta gärna vart du ska resa, hur många stjärnor du vill ha och vad som är viktigt (till exempel pool, frukost eller parkering), så blir förslagen träffsäkrare."
      : "Öppna ett hotell för bilder, karta och bokning.",
  ];
  return { text: lines.join("\n"), hotels: hotels.map((hotel) => ({ name: hotel.name, path: hotel.path })) };
}

/** The intro describes what was actually searched, after any wish was set aside. */
function relaxedUnderstanding({ understanding, retrieval }: RecommendationContext): Understanding {
  return {
    ...understanding,
    minStars: retrieval.relaxed.includes("stars") ? null : understanding.minStars,
    maxPrice: retrieval.relaxed.includes("price") ? null : understanding.maxPrice,
    // Only what every hotel listed has: the rest is said apart.
    amenities: retrieval.relaxed.includes("amenities") ? [] : understanding.amenities.filter((key) => !retrieval.unmet.includes(key)),
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The post's title: the one the editor typed, else what `fallback` makes. */
const draftTitle = (request: DraftRequest, fallback: () => string) =>
  request.topic.trim() && request.topic.trim() !== "Reseblogg" ? request.topic.trim() : fallback();

/** A subject a hotel with this amenity fits ('stränder' and sea view): the hotels the section may name. */
const SUBJECT_AMENITIES: { pattern: RegExp; amenity: AmenityKey }[] = [
  { pattern: /strand|stränder|bad|hav|kust|beach|sea|coast/iu, amenity: "seaview" },
  { pattern: /spa|wellness|bastu|sauna/iu, amenity: "spa" },
  { pattern: /barn|familj|family|kids/iu, amenity: "family" },
];

/**
 * A post about what the brief names (its subjects), one section each, written as an outline for
 * the editor to fill in: without a language model the engine knows nothing about a place's
 * beaches or parks, and says so rather than invent it. Hotels come in only where they fit: in
 * a subject's section when they have what it is about (sea view for beaches), and as a section
 * of their own when the brief asks for them.
 */
function draftAboutSubjects(request: DraftRequest, context: DraftContext, where: string | null): BlogDraft {
  const { hotels, placeLink, brief } = context;
  const subjects = brief.subjects;
  const inWhere = where ? ` i ${where}` : "";
  const title = draftTitle(request, () => `${capitalise(joinSv(subjects))}${inWhere}`);
  const excerpt = `${capitalise(joinSv(subjects))}${inWhere}: vad du inte ska missa och hur du får ut mest av det.`.slice(0, 160);
  const blocks: ContentBlock[] = [
    {
      type: "paragraph",
      content: `Det här inlägget handlar om ${joinSv(subjects)}${inWhere}. Utkastet ger inläggets delar; skriv in det du vet om varje del innan du publicerar.`,
    },
  ];
  for (const subject of subjects) {
    blocks.push({ type: "heading", level: 2, content: `${capitalise(subject)}${inWhere}` });
    blocks.push({
      type: "paragraph",
      content: `Skriv om ${subject}${inWhere}: vilka som är värda ett besök, hur man tar sig dit och när det är bäst att åka.`,
    });
    const fit = SUBJECT_AMENITIES.find(({ pattern }) => pattern.test(subject));
    const near = fit
      ? hotels.filter((hotel) => AMENITY_WISH_KEYS[fit.amenity].some((key) => hotel.amenityKeys.includes(key))).slice(0, 3)
      : [];
    if (fit && near.length) {
      blocks.push({
        type: "paragraph",
        content: `${near.length === 1 ? "Ett hotell som passar" : "Hotell som passar"}: ${joinSv(near.map((hotel) => hotel.name))}, med ${AMENITY_SV[fit.amenity]}.`,
      });
    }
  }
  if (brief.wantsHotels && hotels.length) {
    blocks.push({ type: "heading", level: 2, content: `Hotell${inWhere}` });
    for (const hotel of hotels) {
      blocks.push({ type: "paragraph", content: `${hotel.name} ligger i ${placeText(hotel)}: ${hotelFacts(hotel)}.` });
      blocks.push({ type: "button", text: `Se ${hotel.name}`, url: hotel.path, external: false, variant: "outline" });
    }
  }
  if (placeLink)
    blocks.push({ type: "button", text: `Se alla hotell i ${placeLink.label}`, url: placeLink.path, external: false, variant: "default" });
  return { title, excerpt, blocks };
}

export function draftLocally(request: DraftRequest, context: DraftContext): BlogDraft {
  const { understanding: u, hotels, unmet, placeLink } = context;
  const where = whereText(u) ?? placeLink?.label ?? null;
  // A brief about something else than hotels (beaches, parks) gets a post about that.
  if (context.brief.subjects.length) return draftAboutSubjects(request, context, where);
  // The draft promises only what all its hotels have; what some lack is said, and what none has too.
  const offered = u.amenities.filter((key) => hotels.length > 0 && hotels.every((hotel) => hotel.matched.includes(key)));
  const lacking = u.amenities.filter((key) => !offered.includes(key) && !unmet.includes(key));
  const amenities = offered.map((key) => AMENITY_SV[key]);
  const title = draftTitle(request, () =>
    where ? `${hotels.length} hotell i ${where} värda att boka` : `${hotels.length} hotell med toppbetyg att boka just nu`,
  );
  const excerpt = `Vi har valt ut ${hotels.length} hotell${where ? ` i ${where}` : ""}${
    amenities.length ? ` med ${joinSv(amenities)}` : ""
  } – med betyg, priser och vad som gör vart och ett värt en natt.`.slice(0, 160);

  const blocks: ContentBlock[] = [
    {
      type: "paragraph",
      content: `Rätt hotell gör resan${where ? ` till ${where}` : ""}. Här är ${hotels.length} hotell ur vår katalog som sticker ut${
        amenities.length ? ` för dig som vill ha ${joinSv(amenities)}` : ""
      }: med gästbetyg, pris per natt och det som gör dem värda att boka.${unmet.length ? ` ${noneHasText(where, unmet)}.` : ""}${
        lacking.length ? ` Alla har inte ${joinSv(lacking.map((key) => AMENITY_SV[key]))}; vad som saknas står vid varje hotell.` : ""
      }`,
    },
  ];
  for (const hotel of hotels) {
    blocks.push({ type: "heading", level: 2, content: hotel.name });
    const why = whyText(hotel, u, hotels.indexOf(hotel), hotels, unmet);
    blocks.push({
      type: "paragraph",
      content: `${hotel.name} ligger i ${placeText(hotel)}: ${hotelFacts(hotel)}.${why ? ` ${why}` : ""}`,
    });
    blocks.push({ type: "button", text: `Se ${hotel.name}`, url: hotel.path, external: false, variant: "outline" });
  }
  blocks.push({ type: "heading", level: 2, content: "Bra att veta innan du bokar" });
  blocks.push({
    type: "list",
    style: "unordered",
    items: [
      "Priserna är från-priser per natt; jämför för dina datum innan du bokar.",
      "Boka tidigt inför högsäsong och storhelger, då går de populäraste rummen först.",
      "Läs vad som ingår: frukost, parkering och avbokningsregler skiljer sig mellan hotellen.",
    ],
  });
  if (placeLink)
    blocks.push({ type: "button", text: `Se alla hotell i ${placeLink.label}`, url: placeLink.path, external: false, variant: "default" });
  return { title, excerpt, blocks };
}

export function createLocalEngine(): AiEngine {
  return {
    name: "local",
    model: null,
    canTranslate: false,
    recommend: async (_request, context) => recommendLocally(context),
    // No model to translate free text: the Swedish description is written from the facts.
    translateToSwedish: async (hotel) => composeSwedishDescription(hotel),
    draftBlogPost: async (request, context) => draftLocally(request, context),
  };
}
