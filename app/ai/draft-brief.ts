/**
 * What a blog draft's brief asks the post to be about, read from the editor's instructions: the
 * subjects in the brief's own words ('Skriv om stränder och parker i Nice' → stränder, parker)
 * and whether it asks for hotels at all. Both engines write the post about the subjects and
 * bring hotels in only where the brief or a subject calls for them. Pure.
 */
import type { Understanding } from "./understand.ts";

export interface DraftBrief {
  /** What the post is about, in the brief's words and order; empty when the brief asks only for hotels. */
  subjects: string[];
  /** The brief asks for hotels (or a stay, or a hotel's amenities, stars or price). */
  wantsHotels: boolean;
}

const MAX_SUBJECTS = 6;
const MAX_SUBJECT_LENGTH = 60;

/** Words for a stay, compounds too ('Familjehotell', 'spahotellen', 'semesterboende'). */
const HOTEL_WORDS =
  /(?<![\p{L}\p{N}])(\p{L}*hotell\p{L}*|\p{L}*boende\p{L}*|övernattning\p{L}*|bo|\p{L}*hotels?|accommodation|stays?|lodging)(?![\p{L}\p{N}])/iu;

/** What the brief says about itself, not about its subject: 'skriv ett inlägg om', 'write a post about'. */
const INTRO = /(?<![\p{L}\p{N}])(?:om|about|kring)\s+/iu;
const LEADING_REQUEST =
  /^(?:(?:skriv|gör|skapa|write|create|make)\s+)?(?:(?:ett|en|a|an)\s+)?(?:(?:kort|lång|short|long)\s+)?(?:inlägg|artikel|guide|text|post|article|blog post|bloggpost|blogginlägg)?\s*/iu;
/** Where a subject ends: a sentence, or a clause about the post's form ('med några hotell', 'för barnfamiljer'). */
const CLAUSE_END = /[.!?;:\n]|\s(?:med|with|för|for|där|where|som|that)\s/iu;
const LIST_SEPARATOR = /\s*,\s*|\s+(?:och|samt|and|&)\s+/iu;

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The brief without the places and countries it names (the draft says where itself). */
function withoutPlaces(text: string, understanding: Understanding): string {
  const names = [
    ...understanding.places.flatMap((place) => [place.name, place.location, place.countryName]),
    ...understanding.countries.flatMap((country) => [country.name, country.country]),
  ].filter(Boolean);
  let result = text;
  for (const name of new Set(names)) {
    const pattern = new RegExp(
      `(?:[\\s,]+(?:i|in|på|till|kring|runt|around|at|near|nära))?[\\s,]*(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`,
      "giu",
    );
    result = result.replace(pattern, " ");
  }
  return result;
}

/** Reads the brief: its subjects and whether it asks for hotels. */
export function readBrief(instructions: string, understanding: Understanding): DraftBrief {
  const text = withoutPlaces(instructions, understanding).replace(/\s+/g, " ").trim();
  const intro = INTRO.exec(text);
  // What is left of 'Skriv om Nice: stränder och parker' once the place is out starts with the colon.
  const about = (intro ? text.slice(intro.index + intro[0].length) : text.replace(LEADING_REQUEST, "")).replace(/^[\s:,–-]+/u, "");
  const clause = CLAUSE_END.exec(about);
  const parts = (clause ? about.slice(0, clause.index) : about)
    .split(LIST_SEPARATOR)
    .map((part) => part.replace(/^[\s"'”“]+|[\s"'”“]+$/g, ""))
    .filter((part) => part.length > 1 && part.length <= MAX_SUBJECT_LENGTH);
  const subjects = parts
    .filter((part) => !HOTEL_WORDS.test(part))
    .filter((part, index, all) => all.findIndex((other) => other.toLowerCase() === part.toLowerCase()) === index)
    .slice(0, MAX_SUBJECTS);
  const wantsHotels =
    HOTEL_WORDS.test(instructions) ||
    understanding.amenities.length > 0 ||
    understanding.minStars !== null ||
    understanding.budget !== null ||
    understanding.maxPrice !== null;
  return { subjects, wantsHotels };
}
