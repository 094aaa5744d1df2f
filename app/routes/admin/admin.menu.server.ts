/**
 * The Destinationer menu screen's server work: its data, and the save (the one intent). The
 * route module (admin.menu.tsx) guards and wires; the countries are read and written through
 * app/hotels/places.server.ts.
 */
import { data, href } from "react-router";
import { chosenMenuCountries, menuCountries, saveMenuCountries } from "#app/hotels/places.server.ts";
import { chosenCodes, MENU_SIZE, menuCountriesSchema } from "#app/hotels/menu-countries.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { dispatchIntent, intent, type IntentSubmission } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";

const MENU_SCREEN = href("/admin/menu");
const SAVE_FAILED = "Failed to save the menu. Please try again.";
const NOT_A_LIST = "The countries did not arrive as this form sends them. Choose them again.";

/** The countries to choose from (those with hotels and a known ISO code), the current choice, and the menu it makes. */
export async function menuPage() {
  const [countries, chosen] = await Promise.all([menuCountries(), chosenMenuCountries()]);
  const choosable = countries.filter((country) => country.isoCode !== null);
  const shown = new Set(choosable.map((country) => country.isoCode));
  return {
    choices: [...choosable]
      .sort((a, b) => a.label.localeCompare(b.label, "sv-SE"))
      .map((country) => ({ isoCode: country.isoCode!, label: country.label, hotelCount: country.hotelCount })),
    // A chosen country without hotels now is kept out of the form; saving drops it.
    chosen: chosen.filter((code) => shown.has(code)).slice(0, MENU_SIZE),
    menu: countries.slice(0, MENU_SIZE).map((country) => country.label),
  };
}

/** The save's schema: every position a country with hotels (read when a save is judged), none twice. */
const savableMenuSchema = menuCountriesSchema.superRefine(async ({ countries }, ctx) => {
  if (!countries.some(Boolean)) return;
  const known = new Set((await menuCountries()).flatMap((country) => (country.isoCode ? [country.isoCode] : [])));
  countries.forEach((code, index) => {
    if (code && !known.has(code))
      ctx.addIssue({ code: "custom", message: "No hotels in that country: choose another.", path: ["countries", index] });
  });
});

/** The screen's posts, by intent: there is one, saving the menu's order. */
export function menuAction(form: FormData) {
  return dispatchIntent(form, { save: intent(savableMenuSchema, saveMenu, { invalid: refusedMenu }) });
}

/** A refused save: each position's error under it, or (countries not a list of positions: a hand-made post) one at the top. */
function refusedMenu(submission: IntentSubmission<typeof savableMenuSchema>) {
  const sent = submission.payload.countries;
  if (sent !== undefined && !Array.isArray(sent))
    return data({ result: submission.reply({ hideFields: ["countries"], formErrors: [NOT_A_LIST] }) }, { status: 400 });
  return data({ result: submission.reply() }, { status: 400 });
}

/** Saves the menu's order. */
async function saveMenu({ countries }: { countries: string[] }, submission: IntentSubmission<typeof savableMenuSchema>) {
  const codes = chosenCodes(countries);
  try {
    await saveMenuCountries(codes);
  } catch (error) {
    log.error("menu countries save failed", error);
    return data({ result: submission.reply({ formErrors: [SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithFlash(MENU_SCREEN, {
    title: "Menu saved",
    description: codes.length
      ? `Destinationer lists the ${codes.length === 1 ? "chosen country" : `${codes.length} chosen countries`} first, then the countries with the most hotels.`
      : "Destinationer lists the countries with the most hotels.",
  });
}
