import type { AmenityIconName } from "#app/hotels/amenities.ts";

/** A circle as path data, so every icon stays one path. */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/** A rectangle with slightly rounded corners. */
const box = (x: number, y: number, width: number, height: number) =>
  `M${x + 1} ${y}h${width - 2}a1 1 0 0 1 1 1v${height - 2}a1 1 0 0 1-1 1h${2 - width}a1 1 0 0 1-1-1v${2 - height}a1 1 0 0 1 1-1Z`;

/** A wave line across the icon at height y. */
const wave = (y: number) => `M2 ${y}c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5`;

/**
 * Line drawings on a 24-unit grid, stroked with the text colour (drawn for this site; no icon
 * font or library, nothing fetched at run time). Each amenity of the vocabulary has its own.
 */
const ICON_PATHS: Record<AmenityIconName, string> = {
  wifi: "M2 8.8a14 14 0 0 1 20 0M5.2 12.2a9.5 9.5 0 0 1 13.6 0M8.5 15.6a5 5 0 0 1 7 0M12 19.5h.01",
  egg: `M6 5.5c3-2.5 7-2 9 .5s5.5 2 5.5 6-3 7-7 7-4.5 2.5-8 .5S2 14 3 10.5s0-3 3-5Z${circle(11.5, 12, 3)}`,
  parking: `${box(3, 3, 18, 18)}M9 17V7h4a3 3 0 0 1 0 6H9`,
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  "pool-ladder": `M8 15V5a2 2 0 0 1 4 0M15 15V5a2 2 0 0 1 4 0M8 8h7M8 12h7${wave(20)}`,
  "hot-tub": `M3 12h18v4a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4v-4Z${circle(7, 8, 1.5)}${circle(12, 5, 1.5)}${circle(17, 8, 1.5)}`,
  leaf: "M4 20c1-10 6-15 16-16-1 10-6 15-16 16ZM4 20l9-9",
  steam:
    "M8 20c-1.5-1.5-1.5-3 0-4.5s1.5-3 0-4.5-1.5-3 0-4.5M12 20c-1.5-1.5-1.5-3 0-4.5s1.5-3 0-4.5-1.5-3 0-4.5M16 20c-1.5-1.5-1.5-3 0-4.5s1.5-3 0-4.5-1.5-3 0-4.5",
  dumbbell: "M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12",
  cutlery: "M6 3v6a3 3 0 0 0 6 0V3M9 3v18M18 21V3c-2.5 1.5-3.5 4.5-3.5 9H18",
  cocktail: "M4 4h16l-8 9-8-9ZM12 13v7M8 20h8M7 7.5h10",
  cloche: "M2 18h20M4 15a8 8 0 0 1 16 0M4 15h16M12 7V5M10 5h4",
  cup: "M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9ZM17 10h1a3 3 0 0 1 0 6h-1M8 2.5c-.8 1 .8 2 0 3.5M12 2.5c-.8 1 .8 2 0 3.5",
  fridge: `${box(5, 2, 14, 20)}M5 9h14M8 5v2M8 12v3`,
  snowflake: "M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9 4l3 2 3-2M9 20l3-2 3 2",
  paw: `M8 16.5c0-2.5 2-4.5 4-4.5s4 2 4 4.5-1.5 3.5-4 3.5-4-1-4-3.5Z${circle(5.5, 10.5, 1.7)}${circle(9.5, 6, 1.7)}${circle(14.5, 6, 1.7)}${circle(18.5, 10.5, 1.7)}`,
  clock: `${circle(12, 12, 9)}M12 7v5l3 2`,
  elevator: `${box(4, 2, 16, 20)}M9 10l3-3 3 3M9 14l3 3 3-3`,
  wheelchair: `${circle(10, 4, 1.6)}M10 7v7h6l2 5M10 10.5h4.5M7.5 11.3A5.5 5.5 0 1 0 14.8 18.5`,
  family: `${circle(7, 6, 2)}${circle(17, 6, 2)}${circle(12, 12, 1.5)}M3.5 20v-5a3.5 3.5 0 0 1 7 0M13.5 15a3.5 3.5 0 0 1 7 0v5M9.5 20v-2a2.5 2.5 0 0 1 5 0v2`,
  balloon: "M12 16c-3.5 0-6-3-6-6.5a6 6 0 0 1 12 0c0 3.5-2.5 6.5-6 6.5ZM12 16l-1 1.5h2L12 16M12 17.5c0 2-2 2-1 4.5",
  plane: "M12 2.5A1.5 1.5 0 0 1 13.5 4v5l7.5 5v2l-7.5-2.5V18l2.5 2v1.5l-4-1-4 1V20l2.5-2v-4.5L3 16v-2l7.5-5V4A1.5 1.5 0 0 1 12 2.5Z",
  pot: "M4 10h16v7a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-7ZM2 12h2M20 12h2M4 7h16M10 7V5h4v2",
  balcony: "M7 12V4h10v8M3 12h18M3 20h18M5 12v8M9.7 12v8M14.3 12v8M19 12v8",
  waves: `M8 9a4 4 0 0 1 8 0M12 2v2M5 4.5l1.5 1.5M19 4.5 17.5 6${wave(13)}${wave(18)}`,
  umbrella: "M3 11a9 9 0 0 1 18 0ZM12 11v9M3 21c3-1.5 6-1.5 9 0s6 1.5 9 0",
  table: "M5 10h14M12 10v10M9 20h6M2 8v12M2 15h4v5M22 8v12M22 15h-4v5",
  rooftop: "M5 21V11h14v10M3 21h18M9 15h2M13 15h2M8 7a4 4 0 0 1 8 0ZM12 7v4",
  tree: "M12 2 6.5 9.5h3L5 16h14l-4.5-6.5h3L12 2ZM12 16v5M9 21h6",
  easel: `${box(3, 3, 18, 12)}M8 21l3-6M16 21l-3-6M7 11l3-3 3 2 4-4`,
  bicycle: `${circle(6, 16, 4)}${circle(18, 16, 4)}M6 16h6l3.5-7M6 16l3.5-7h6l2.5 7M9.5 9 12 16M8 6.5h3M15.5 9l-1-2.5h2`,
  washer: `${box(4, 2, 16, 20)}${circle(12, 13, 4)}M7.5 5.5h.01M10.5 5.5h.01`,
  "no-smoking": "M2 13h14v3H2v-3ZM18.5 13v3M21.5 13v3M18.5 10c0-2 2-2 2-4M3 3l18 18",
  mountain: "M2 20 9 8l4 6 3-4 6 10H2ZM7.2 11l1.8 1 1.7-1",
  "golf-flag": "M7 21V3l10 4-10 4M3 21h18",
  racket: `${circle(14, 9, 6)}M9.8 13.2 3.5 19.5M10 9h8M14 5v8`,
  suitcase: "M4 8h16v12H4V8ZM9 8V5h6v3M9 8v12M15 8v12",
  safe: `${box(3, 3, 18, 17)}${circle(11, 11.5, 3.5)}M17.5 10v3M6 20v1.5M18 20v1.5`,
  tv: `${box(2, 6, 20, 12)}M8 21h8M12 18v3M8 2l4 4 4-4`,
  bathtub: "M4 12V5a2 2 0 0 1 3.5-1.3M2 12h20v2a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5v-2ZM7 19l-1 2M17 19l1 2",
  check: `${circle(12, 12, 9)}M8 12.5l2.5 2.5 5.5-6`,
};

/** The amenity icons as <symbol>s, for the page's one sprite (IconSprite). */
export function AmenityIconSymbols() {
  return (
    <>
      {Object.entries(ICON_PATHS).map(([icon, path]) => (
        <symbol key={icon} id={`amenity-${icon}`} viewBox="0 0 24 24">
          <path d={path} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </symbol>
      ))}
    </>
  );
}

/** An amenity's icon: decorative, its label is the text beside it. */
export function AmenityIcon({ icon }: { icon: AmenityIconName }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-4 shrink-0 text-brand-600">
      <use href={`#amenity-${icon}`} />
    </svg>
  );
}
