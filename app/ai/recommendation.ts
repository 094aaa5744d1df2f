/**
 * The AI recommendation box of the search page: its limits, messages, and how an answer is
 * shown (line breaks kept, hotel names as links). Shared by server and browser. The request
 * schema is in recommendation-request.ts, so the search page's browser bundle carries no zod.
 */

export const RECOMMENDATION_INTENT = "ai-recommend";

export const RECOMMENDATION_LIMITS = { query: 500, preferences: 500 } as const;

export const RECOMMENDATION_MESSAGES = {
  missing: { title: "Önskemål saknas", description: "Vänligen ange vad du söker för typ av hotell" },
  failed: { title: "Något gick fel", description: "Kunde inte hämta rekommendationer. Försök igen senare." },
  limited: { title: "För många förfrågningar", description: "Du har bett om många förslag på kort tid. Vänta en stund och försök igen." },
  tooLong: `Skriv högst ${RECOMMENDATION_LIMITS.query} tecken.`,
} as const;

export type AnswerSegment = { text: string; path?: string };

/** The answer as lines of text and links: every occurrence of a recommended hotel's name links to its page. */
export function answerLines(text: string, hotels: readonly { name: string; path: string }[]): AnswerSegment[][] {
  const names = [...hotels].filter((hotel) => hotel.name.trim() !== "").sort((a, b) => b.name.length - a.name.length);
  return text.split("\n").map((line) => {
    const segments: AnswerSegment[] = [];
    let rest = line;
    while (rest) {
      let best: { index: number; hotel: (typeof names)[number] } | null = null;
      for (const hotel of names) {
        const index = rest.indexOf(hotel.name);
        if (index !== -1 && (best === null || index < best.index)) best = { index, hotel };
      }
      if (!best) {
        segments.push({ text: rest });
        break;
      }
      if (best.index > 0) segments.push({ text: rest.slice(0, best.index) });
      segments.push({ text: best.hotel.name, path: best.hotel.path });
      rest = rest.slice(best.index + best.hotel.name.length);
    }
    return segments;
  });
}
