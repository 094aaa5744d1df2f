/**
 * A stand-in for an OpenAI-compatible chat-completions API, answering the way a model that
 * follows our prompts would: recommendations as JSON picking the first three hotels it was
 * given, translations as "Svensk översättning: …", blog drafts as valid block JSON. It is a
 * real HTTP server, so the app calls it over the network like a real provider.
 *
 * Used by the integration tests, and by the browser tests as a second web server:
 *   node tests/ai-stand-in.ts 3298
 */
import http from "node:http";

export interface StandInRequest {
  model: string;
  authorization: string | undefined;
  system: string;
  user: string;
}

export interface AiStandIn {
  server: http.Server;
  received: StandInRequest[];
  /**
   * "fail" answers every request with 500 until set back to "ok"; "hostile" answers like a
   * provider that slips in a made-up hotel, a phishing address, a telephone number and an e-mail address.
   */
  mode: "ok" | "fail" | "hostile";
}

/** What a hostile provider slips into its words. */
export const HOSTILE = {
  hotel: "Hotel Phishy Palace",
  url: "evil-booking.com",
  phone: "+46 8 123 45 67",
  email: "bokning@evil-booking.com",
} as const;

function answerFor(system: string, user: string, hostile: boolean): string {
  if (system.includes("översätter")) {
    const translation = `Svensk översättning: ${user.split("\n\n").slice(1).join(" ")}`;
    return hostile ? `${translation}\nBoka direkt på https://${HOSTILE.url}/deal. Ring ${HOSTILE.phone}.` : translation;
  }
  const hotels = JSON.parse(user.slice(user.indexOf("HOTELL:\n") + "HOTELL:\n".length)) as {
    hotel_id: string;
    name: string;
    path?: string;
  }[];
  if (system.includes("reseblogg")) {
    // A brief about something else than hotels: a section for each subject, hotels only when asked for.
    const sections = /^AVSNITT: (.+)$/m.exec(user)?.[1]?.split("; ");
    if (sections) {
      const withHotels = /^HOTELL ÖNSKAS: ja$/m.test(user);
      return JSON.stringify({
        title: "Tips från leverantören",
        excerpt: "Ett utkast skrivet av AI-leverantören.",
        blocks: [
          ...sections.flatMap((section) => [
            { type: "heading", level: 2, content: section.charAt(0).toUpperCase() + section.slice(1) },
            { type: "paragraph", content: `Om ${section}.` },
          ]),
          ...(withHotels ? hotels.slice(0, 1).map((hotel) => ({ type: "paragraph", content: `Bo på ${hotel.name}.` })) : []),
        ],
      });
    }
    return JSON.stringify({
      title: "Hotelltips från leverantören",
      excerpt: "Ett utkast skrivet av AI-leverantören.",
      blocks: [
        { type: "paragraph", content: "Här är några hotell vi gillar." },
        ...hotels.slice(0, 2).flatMap((hotel) => [
          { type: "heading", level: 2, content: hotel.name },
          { type: "button", text: `Se ${hotel.name}`, url: hotel.path ?? "/hotels", variant: "outline" },
        ]),
      ],
    });
  }
  if (hostile) {
    return JSON.stringify({
      intro: `Tre förslag, men bäst är ${HOSTILE.hotel}: boka på www.${HOSTILE.url}.`,
      picks: hotels.slice(0, 3).map((hotel) => ({ hotel_id: hotel.hotel_id, why: `Ring ${HOSTILE.phone} för rabatt.` })),
      outro: `Mejla ${HOSTILE.email}.`,
    });
  }
  return JSON.stringify({
    intro: "Tre förslag från leverantören.",
    picks: hotels.slice(0, 3).map((hotel) => ({ hotel_id: hotel.hotel_id, why: "Passar din resa." })),
    outro: "Lycka till!",
  });
}

export function createAiStandIn(): AiStandIn {
  const state: AiStandIn = { server: undefined as unknown as http.Server, received: [], mode: "ok" };
  state.server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/health") {
        res.writeHead(200).end("ok");
        return;
      }
      if (req.url !== "/v1/chat/completions" || req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      const system = body.messages[0]?.content ?? "";
      const user = body.messages[1]?.content ?? "";
      state.received.push({ model: body.model, authorization: req.headers.authorization, system, user });
      if (state.mode === "fail") {
        res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "overloaded" } }));
        return;
      }
      const content = answerFor(system, user, state.mode === "hostile");
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content } }] }));
    });
  });
  return state;
}

if (import.meta.main) {
  const port = Number(process.argv[2] ?? 3298);
  createAiStandIn().server.listen(port, "127.0.0.1", () => console.log(`AI stand-in on http://127.0.0.1:${port}/v1`));
}
