/** Demo blog posts, popular places and destinations for the embedded default. Pure data. */
import type { ContentBlock } from "#app/blog/content-blocks.ts";
import { placePath } from "#app/utils/paths.ts";
import { href } from "react-router";

export interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  cover_image: string;
  author: string;
  published: boolean;
  /** Days before the seed date, so the list has a stable newest-first order. */
  daysAgo: number;
  content: ContentBlock[];
}

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: "en-helg-i-stockholm",
    title: "En helg i Stockholm: hotell, kvarter och kanelbullar",
    excerpt: "Så får du ut det mesta av 48 timmar i huvudstaden – från Gamla stans gränder till Södermalms kaféer.",
    cover_image: "/images/hotels/hotel-03.svg",
    author: "redaktionen@hotellguiden.se",
    published: true,
    daysAgo: 3,
    content: [
      { type: "heading", level: 2, content: "Varför Stockholm passar för en långhelg" },
      {
        type: "paragraph",
        content:
          "Stockholm är byggt på fjorton öar, och det mesta går att nå till fots eller med en kort båttur. På en helg hinner du både museer, vattnet och en middag med utsikt över Riddarfjärden.",
      },
      {
        type: "image",
        url: "/images/hotels/hotel-07.svg",
        alt: "Hotellfasad vid vattnet i kvällsljus",
        caption: "Bo nära vattnet – många hotell ligger bara några minuter från kajerna.",
      },
      { type: "heading", level: 3, content: "Tre kvarter att bo i" },
      {
        type: "list",
        style: "unordered",
        items: [
          "Gamla stan – medeltida gränder och korta avstånd till allt.",
          "Södermalm – kaféer, vintagebutiker och utsikt från Monteliusvägen.",
          "Östermalm – elegant, lugnt och nära Saluhallen.",
        ],
      },
      { type: "quote", content: "Stockholm är vackrast från vattnet – ta en båt mellan öarna.", cite: "Redaktionen" },
      { type: "button", text: "Se hotell i Stockholm", url: "/Sweden/Stockholm", external: false, variant: "default" },
    ],
  },
  {
    slug: "vinter-i-are",
    title: "Vinter i Åre: så väljer du rätt boende",
    excerpt: "Ski in/ski out, bastu eller nära afterskin? Vi guidar dig till rätt hotell i Åre by, Duved och Tegefjäll.",
    cover_image: "/images/hotels/hotel-11.svg",
    author: "redaktionen@hotellguiden.se",
    published: true,
    daysAgo: 10,
    content: [
      {
        type: "paragraph",
        content:
          "Åre är Sveriges största skidort, och var du bor avgör hur din vecka blir. Här är våra bästa tips för en lyckad vintersemester i fjällen.",
      },
      { type: "heading", level: 2, content: "Så väljer du område" },
      {
        type: "list",
        style: "ordered",
        items: [
          "Bestäm om du vill gå till liften eller ta skidbussen.",
          "Välj Åre by för restauranger och nöjesliv.",
          "Välj Duved eller Tegefjäll för lugn och familjevänliga backar.",
        ],
      },
      { type: "image", url: "/images/hotels/hotel-15.svg", alt: "Fjällhotell i vinterlandskap" },
      { type: "quote", content: "Boka tidigt – de bästa rummen nära liften går först." },
      {
        type: "button",
        text: "Hitta hotell i Åre",
        url: placePath("Sweden", "Åre") ?? href("/hotels"),
        external: false,
        variant: "outline",
      },
    ],
  },
  {
    slug: "kopenhamn-pa-budget",
    title: "Köpenhamn på budget – bo bra utan att betala för mycket",
    excerpt: "Köpenhamn har rykte om sig att vara dyrt, men med rätt hotell och några smarta tips räcker kassan längre.",
    cover_image: "/images/hotels/hotel-19.svg",
    author: "redaktionen@hotellguiden.se",
    published: true,
    daysAgo: 24,
    content: [
      { type: "heading", level: 1, content: "Köpenhamn på budget" },
      {
        type: "paragraph",
        content:
          "Vesterbro och Nørrebro har många prisvärda hotell med nära till centrum. Hyr en cykel – det är det snabbaste sättet att ta sig runt.",
      },
      {
        type: "list",
        style: "unordered",
        items: [
          "Köp ett Copenhagen Card för fri entré och kollektivtrafik.",
          "Ät lunch på Torvehallerne.",
          "Bada gratis i Islands Brygge havnebad.",
        ],
      },
      { type: "image", url: "/images/rooms/room-04.svg", alt: "Enkelt och ljust hotellrum", caption: "Ett ljust dubbelrum i Vesterbro." },
      { type: "quote", content: "Cykla som en köpenhamnare – det är gratis att upptäcka staden.", cite: "Läsartips" },
      { type: "button", text: "Läs mer om Köpenhamn", url: "https://www.visitcopenhagen.com/", external: true, variant: "default" },
    ],
  },
  {
    slug: "sommar-pa-gotland",
    title: "Sommar på Gotland: Visby och stränderna",
    excerpt: "Ringmuren, rosorna och de långa sandstränderna – vår guide till en sommarvecka på Gotland (utkast).",
    cover_image: "/images/hotels/hotel-22.svg",
    author: "redaktionen@hotellguiden.se",
    published: false,
    daysAgo: 1,
    content: [
      { type: "heading", level: 2, content: "Visby innanför murarna" },
      { type: "paragraph", content: "Utkast: beskriv Almedalen, ringmuren och de bästa hotellen innanför murarna." },
      { type: "list", style: "unordered", items: ["Tofta strand", "Sudersand", "Ljugarn"] },
      { type: "image", url: "/images/hotels/hotel-05.svg", alt: "Hotell i Visby" },
      { type: "quote", content: "Gotland i juli är Sveriges Medelhav." },
      { type: "button", text: "Hotell i Visby", url: "/Sweden/Visby", external: false, variant: "default" },
    ],
  },
];

/** The home page chips until an administrator picks others. */
export const DEMO_POPULAR_LOCATIONS = [
  { country: "Sweden", location: "Stockholm" },
  { country: "Sweden", location: "Gothenburg" },
  { country: "Denmark", location: "Copenhagen" },
  { country: "Norway", location: "Oslo" },
  { country: "Finland", location: "Helsinki" },
  { country: "United Kingdom", location: "London" },
  { country: "France", location: "Paris" },
];

/** The back-office spec's seeded samples. */
export const DEMO_POPULAR_DESTINATIONS = [
  {
    name: "Stockholm",
    description: "Huvudstaden på fjorton öar, med Gamla stan, skärgården och ett myller av restauranger.",
    image: "/images/hotels/hotel-03.svg",
    price_text: "Från 890 kr",
    link: `${href("/hotels")}?destination=stockholm`,
  },
  {
    name: "Göteborg",
    description: "Västkustens pärla med Liseberg, Haga och färska skaldjur vid hamnen.",
    image: "/images/hotels/hotel-08.svg",
    price_text: "Från 790 kr",
    link: `${href("/hotels")}?destination=göteborg`,
  },
  {
    name: "Malmö",
    description: "Kontinentala Malmö, med Turning Torso, Västra hamnen och Köpenhamn en kort tågresa bort.",
    image: "/images/hotels/hotel-12.svg",
    price_text: "Från 750 kr",
    link: `${href("/hotels")}?destination=malmö`,
  },
  {
    name: "Uppsala",
    description: "Universitetsstad med domkyrka, botaniska trädgårdar och ett livligt studentliv.",
    image: "/images/hotels/hotel-16.svg",
    price_text: "Från 690 kr",
    link: `${href("/hotels")}?destination=uppsala`,
  },
];
