/** The popular locations screen's rules, shared by its page and its server module. */

/** The home page shows the chosen places as chips; a row of chips stays readable up to this many. */
export const MAX_CHOSEN = 12;

/** A checkbox value for a place: its country and name, unambiguous whatever they contain. */
export const placeValue = (place: { country: string; location: string }) => JSON.stringify([place.country, place.location]);
