import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { readListParams } from "#app/hotels/search-params.ts";
import { NO_STAY, type Stay } from "#app/utils/stay.ts";
import { FilterBar } from "./filter-bar.tsx";

/** The filter bar as the server writes it for a list address (what a visitor without JavaScript gets). */
function render(query: string, stay: Stay = NO_STAY) {
  const Stub = createRoutesStub([
    {
      path: "/hotels",
      Component: () => (
        <FilterBar
          params={readListParams(new URLSearchParams(query))}
          countries={[]}
          locations={[]}
          action="/hotels"
          stay={stay}
          today="2030-01-01"
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[`/hotels?${query}`]} />);
}

/** The villkor box with this value, as written (attributes in any order); undefined when absent. */
const checkbox = (html: string, value: string) =>
  html
    .match(/<input [^>]*>/g)
    ?.find((tag) => tag.includes('type="checkbox"') && tag.includes('name="villkor"') && tag.includes(`value="${value}"`));

describe("FilterBar", () => {
  it("offers the offer's conditions as boxes of the GET form, ticked as the address says", () => {
    const html = render("villkor=avbokning");
    expect(html).toContain("<legend");
    expect(html).toMatch(/<legend[^>]*>Villkor<\/legend>/);
    for (const label of ["Frukost ingår", "Gratis avbokning", "Betala på hotellet"]) expect(html).toContain(label);
    expect(checkbox(html, "frukost")).toBeDefined();
    expect(checkbox(html, "frukost")).not.toContain("checked");
    expect(checkbox(html, "avbokning")).toContain('checked=""');
    expect(checkbox(html, "betala-pa-hotellet")).toBeDefined();
    // The part of the form they are in is open when a condition is chosen.
    expect(html).toMatch(/<details[^>]*open=""[^>]*><summary[^>]*>Pris, villkor, gästbetyg och bekvämligheter/);
  });

  it("offers the display currency as a labelled select in the same form", () => {
    const html = render("valuta=NOK");
    expect(html).toMatch(/<label for="filter-valuta"[^>]*>Valuta<\/label>/);
    expect(html).toMatch(/<select[^>]*id="filter-valuta"[^>]*name="valuta"/);
    expect(html).toMatch(/<option value="NOK" selected="">NOK<\/option>/);
    for (const currency of ["SEK", "EUR", "DKK"]) expect(html).toContain(`<option value="${currency}">${currency}</option>`);
  });

  it("says the price filter is per night without dates and for the stay with them", () => {
    expect(render("")).toContain("Pris per natt (kr)");
    const dated = render("", { checkIn: "2030-03-12", checkOut: "2030-03-15", adults: 2, rooms: 1 });
    expect(dated).toContain("Pris för vistelsen (kr)");
    expect(dated).toContain("Högsta pris för vistelsen");
    expect(dated).not.toContain("per natt");
  });
});
