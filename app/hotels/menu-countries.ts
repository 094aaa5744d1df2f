import { z } from "#app/utils/zod.ts";

/**
 * The site header's Destinationer menu: MENU_SIZE countries, the administrator's choice first
 * (/admin/menu), then the countries with the most hotels. Shared by the screen and its action.
 */
export const MENU_SIZE = 5;

/** One position of the menu: a country's ISO code, or empty for "the next by number of hotels". */
const position = z
  .string()
  .trim()
  .refine((value) => value === "" || /^[A-Z]{2}$/.test(value), { message: "Choose a country from the list." });

export const menuCountriesSchema = z
  .object({
    countries: z
      .array(position)
      .max(MENU_SIZE, { message: `At most ${MENU_SIZE} countries.` })
      .default([]),
  })
  .superRefine(({ countries }, ctx) => {
    countries.forEach((code, index) => {
      if (code && countries.indexOf(code) !== index)
        ctx.addIssue({ code: "custom", message: "Already chosen above: choose another country or none.", path: ["countries", index] });
    });
  });

/** The chosen codes in order, without the empty positions. */
export const chosenCodes = (countries: readonly string[]) => countries.filter(Boolean);
