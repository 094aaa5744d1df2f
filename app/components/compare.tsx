/**
 * Choosing hotels to compare, for the cards and the hotel page.
 *
 * Without JavaScript: each CompareCheckbox belongs to the CompareForm on the same page (the
 * `form` attribute), so ticking boxes and pressing "Jämför valda hotell" opens
 * /jamfor?hotell=…&hotell=… with the page's stay. With JavaScript: the choice is kept in
 * sessionStorage, so it survives moving between list pages, and a tray fixed to the bottom of
 * the screen shows it once a box is ticked. No inline script: only React's handlers (the CSP).
 */
import { useEffect, useSyncExternalStore } from "react";
import {
  chosenLabel,
  COMPARE_PARAM,
  COMPARE_PATH,
  MAX_COMPARED,
  MIN_COMPARED,
  parseSelection,
  toggleSelection,
  type ChosenHotel,
} from "#app/hotels/compare-params.ts";
import { stayEntries, type Stay } from "#app/utils/stay.ts";
import { Button } from "./ui/button.tsx";
import { CrossIcon } from "./ui/stroke-icons.tsx";

/** The id of the one compare form on a page; the checkboxes name it in their `form` attribute. */
export const COMPARE_FORM_ID = "jamfor-form";
const FULL_REASON_ID = "jamfor-fullt";
const STORAGE_KEY = "hotellguiden:jamfor";

// The selection, shared by every checkbox and the tray on the page (and kept per tab).
const NOTHING: ChosenHotel[] = [];
let current: ChosenHotel[] | null = null;
const listeners = new Set<() => void>();

function readSelection(): ChosenHotel[] {
  if (current) return current;
  try {
    current = parseSelection(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    current = []; // Storage switched off: the choice lasts as long as the page.
  }
  return current;
}

function writeSelection(next: ChosenHotel[]) {
  current = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // As above: kept in memory only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen hotels; empty on the server and while hydrating, so both renders agree. */
function useSelection(): ChosenHotel[] {
  return useSyncExternalStore(subscribe, readSelection, () => NOTHING);
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true after: what JavaScript adds may show. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * "Jämför" for one hotel (hotels.id). Its accessible name includes the hotel's name; it is
 * disabled, with the reason, once four others are chosen. Place it on a card or the hotel page
 * together with one CompareForm somewhere on the same page.
 */
export function CompareCheckbox({ hotelId, hotelName, className }: { hotelId: string; hotelName: string; className?: string }) {
  const selection = useSelection();
  const hydrated = useHydrated();
  const id = hotelId.toLowerCase();
  const checked = selection.some((item) => item.id === id);
  const full = !checked && selection.length >= MAX_COMPARED;
  return (
    <label
      className={`relative inline-flex cursor-pointer items-center gap-2 text-sm font-medium has-disabled:cursor-not-allowed has-disabled:text-slate-500 ${className ?? ""}`}
    >
      <input
        type="checkbox"
        // With JavaScript the form sends the stored choice (from every page) itself, in the order chosen.
        name={hydrated ? undefined : COMPARE_PARAM}
        value={id}
        form={COMPARE_FORM_ID}
        className="size-4 accent-brand-600"
        // On the server (and without JavaScript) nothing is chosen; after hydration the stored choice shows.
        checked={checked}
        disabled={full}
        aria-describedby={full ? FULL_REASON_ID : undefined}
        onChange={(event) => writeSelection(toggleSelection(readSelection(), { id, name: hotelName }, event.currentTarget.checked))}
      />
      <span>
        Jämför<span className="sr-only"> {hotelName}</span>
      </span>
    </label>
  );
}

/**
 * The form the checkboxes belong to: GET /jamfor with the page's stay. Place it once per page
 * that shows CompareCheckboxes (a list page, the hotel page). Without JavaScript it is a plain
 * button; with JavaScript a tray at the bottom of the screen, shown while any hotel is chosen.
 */
export function CompareForm({ stay }: { stay: Stay }) {
  const selection = useSelection();
  const hydrated = useHydrated();
  const count = selection.length;
  const trayShown = hydrated && count > 0;

  // Room below the page's end, so the tray never covers the footer's last line.
  useEffect(() => {
    document.body.classList.toggle("pb-40", trayShown);
    // The tray takes the bottom of the screen: the hotel page's booking bar steps aside meanwhile (app.css).
    document.body.toggleAttribute("data-compare-tray", trayShown);
    return () => {
      document.body.classList.remove("pb-40");
      document.body.removeAttribute("data-compare-tray");
    };
  }, [trayShown]);

  return (
    <form id={COMPARE_FORM_ID} method="get" action={COMPARE_PATH} aria-label="Jämför hotell">
      {stayEntries(stay).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* With JavaScript: the choice, kept across pages (the boxes then send nothing themselves). */}
      {hydrated ? selection.map((hotel) => <input key={hotel.id} type="hidden" name={COMPARE_PARAM} value={hotel.id} />) : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {hydrated && count ? `${chosenLabel(count)} för jämförelse.` : ""}
      </p>
      {hydrated ? null : (
        // Hidden from the first paint where scripts run (the tray takes over): no jump at hydration.
        <div className="flex flex-wrap items-center gap-3 text-sm js:hidden">
          <Button type="submit" variant="secondary">
            Jämför valda hotell
          </Button>
          <span className="text-muted">
            Kryssa i Jämför på {MIN_COMPARED}–{MAX_COMPARED} hotell.
          </span>
        </div>
      )}
      {trayShown ? <CompareTray selection={selection} /> : null}
    </form>
  );
}

function CompareTray({ selection }: { selection: ChosenHotel[] }) {
  const count = selection.length;
  const enough = count >= MIN_COMPARED;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur">
      <div className="container-page flex flex-col gap-2 py-3 md:flex-row md:items-center md:gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">
            {chosenLabel(count)}
            {count >= MAX_COMPARED ? (
              <span id={FULL_REASON_ID} className="ml-2 font-normal text-muted">
                Högst {MAX_COMPARED} hotell kan jämföras. Ta bort ett för att välja ett annat.
              </span>
            ) : null}
          </p>
          <ul className="mt-1 flex flex-wrap gap-1.5 text-sm" aria-label="Valda hotell">
            {selection.map((hotel) => (
              <li
                key={hotel.id}
                className="inline-flex max-w-44 min-w-0 items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 sm:max-w-64"
              >
                <span className="truncate">{hotel.name || "Hotell"}</span>
                <button
                  type="button"
                  className="rounded-full p-1 text-slate-600 hover:bg-slate-200 hover:text-ink"
                  onClick={() => writeSelection(toggleSelection(readSelection(), hotel, false))}
                >
                  <CrossIcon className="size-3.5" />
                  <span className="sr-only">Ta bort {hotel.name || "hotellet"}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex items-center gap-2">
          <Button type="button" variant="secondary" onClick={() => writeSelection([])}>
            Rensa
          </Button>
          <Button type="submit" disabled={!enough} aria-describedby={enough ? undefined : "jamfor-minst"}>
            Jämför valda hotell
          </Button>
          {enough ? null : (
            <span id="jamfor-minst" className="text-sm text-muted">
              Välj minst {MIN_COMPARED}.
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
