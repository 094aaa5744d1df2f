import { useEffect, useId, useRef, useState } from "react";
import { href, useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Suggestions } from "#app/hotels/hotel-queries.server.ts";
import { countryPath, hotelPath, hotelsSearchPath, placePath } from "#app/utils/paths.ts";
import { isDefaultStayField, STAY_PARAM_NAMES, STAY_PARAMS, type Stay } from "#app/utils/stay.ts";
import { StayFields } from "./stay-fields.tsx";
import { controlClassName } from "./ui/control.ts";

const MIN_LENGTH = 2;
const DEBOUNCE_MS = 200;
const NAVIGATION_DELAY_MS = 100;

interface Option {
  key: string;
  group: "Hotell" | "Länder" | "Platser";
  label: string;
  detail?: string;
  href: string;
}

/** Countries and places the text names come first, then hotels; every name is the Swedish one. */
function toOptions(suggestions: Suggestions): Option[] {
  const options: Array<Omit<Option, "href"> & { href: string | null }> = [
    ...suggestions.countries.slice(0, 5).map((country) => ({
      key: `c-${country.country}`,
      group: "Länder" as const,
      label: country.country_name,
      href: countryPath(country.country),
    })),
    ...suggestions.places.slice(0, 5).map((place) => ({
      key: `p-${place.country}-${place.location}`,
      group: "Platser" as const,
      label: place.location_name,
      detail: place.country_name,
      href: placePath(place.country, place.location),
    })),
    ...suggestions.hotels.map((hotel) => ({
      key: `h-${hotel.id}`,
      group: "Hotell" as const,
      label: hotel.name,
      detail: [hotel.location_name, hotel.country_name].filter(Boolean).join(", "),
      // A hotel without a page (no usable place) is searched for by its name instead.
      href: hotelPath(hotel) ?? hotelsSearchPath({ search: hotel.name }),
    })),
  ];
  // A country or place stored with a name that names nothing has no page: not suggested.
  return options.flatMap(({ href, ...option }) => (href === null ? [] : [{ ...option, href }]));
}

interface SearchBarProps {
  defaultValue?: string;
  /** Rendered inside another form (the filter bar) instead of as its own GET form. */
  standalone?: boolean;
  id?: string;
  label?: string;
  /** Dates and guests under the field (the home page), so a search starts with the stay. */
  stay?: Stay;
  /** The visitor's today: the earliest check-in. Needed with `stay`. */
  today?: string;
}

/** A suggestion's address with the dates and guests filled in the same form, so the stay follows. */
function withFormStay(href: string, form: HTMLFormElement | null | undefined): string {
  if (!form) return href;
  const data = new FormData(form);
  const [path, query = ""] = href.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const name of STAY_PARAM_NAMES) {
    const value = data.get(name);
    if (typeof value === "string" && !isDefaultStayField(name, value)) params.set(name, value.trim());
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The search field. Without JavaScript it is a plain GET form to /hotels?search=…; with it,
 * an ARIA combobox whose suggestions come from /resources/suggestions as you type. A text input,
 * not type="search": HTML allows the combobox role (and aria-expanded) only on a text input.
 * What type="search" gave is kept: the phone's search keyboard (inputmode, enterkeyhint), a
 * clear button, and Escape clearing the text when no list is open.
 */
export function SearchBar({
  defaultValue = "",
  standalone = true,
  id,
  label = "Sök hotell, städer eller resmål",
  stay,
  today,
}: SearchBarProps) {
  const generatedId = useId();
  const inputId = id ?? `search-${generatedId}`;
  const listId = `${inputId}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  useEffect(() => setQuery(defaultValue), [defaultValue]);

  // Text typed before the page's JavaScript arrived is taken up at hydration, so suggestions
  // come for it too (a fast typist on a slow connection); a field already in focus opens its
  // list as a focus would have.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const focused = document.activeElement === element;
    if (element.value === defaultValue) {
      if (focused) setOpen(true);
      return;
    }
    setQuery(element.value);
    setOpen(focused && element.value.length > 0);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < MIN_LENGTH) {
      setOptions([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`${href("/resources/suggestions")}?q=${encodeURIComponent(trimmed)}`, { signal: controller.signal });
        if (!response.ok) throw new Error(String(response.status));
        setOptions(toOptions((await response.json()) as Suggestions));
        setActive(-1);
      } catch {
        // A slow or failed request keeps the previous suggestions.
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, []);

  const clear = () => {
    setQuery("");
    setOpen(false);
    setActive(-1);
    input.current?.focus();
  };

  const choose = (option: Option) => {
    setOpen(false);
    setQuery(option.group === "Hotell" ? option.label : query);
    const href = withFormStay(option.href, input.current?.form);
    setTimeout(() => navigate(href), NAVIGATION_DELAY_MS);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (options.length ? (index + 1) % options.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (options.length ? (index <= 0 ? options.length - 1 : index - 1) : -1));
    } else if (event.key === "Escape" && expanded) {
      // The first Escape closes the list, the next clears the text (the combobox pattern's way).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Escape" && query !== "") {
      event.preventDefault();
      clear();
    } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]!);
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const dates = [STAY_PARAMS.checkIn, STAY_PARAMS.checkOut].some(
      (name) => ((event.currentTarget.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "") !== "",
    );
    if (!query.trim() && !dates) {
      // An empty search does nothing (with dates, it lists every hotel for them).
      event.preventDefault();
      return;
    }
    setOpen(false);
    if (stay) {
      // The address keeps only what was chosen: no empty dates, no default guests.
      event.preventDefault();
      const kept = new URLSearchParams();
      for (const [key, value] of new FormData(event.currentTarget).entries()) {
        if (typeof value === "string" && value.trim() !== "" && !isDefaultStayField(key, value)) kept.append(key, value.trim());
      }
      navigate(`${href("/hotels")}?${kept.toString()}`);
    }
  };

  const trimmed = query.trim();
  let status: string | null = null;
  if (!trimmed) status = "Börja skriva för att söka efter hotell, platser eller länder";
  else if (loading && !options.length) status = "Laddar resultat...";
  else if (trimmed.length >= MIN_LENGTH && !loading && !options.length) status = "Inga resultat hittades.";

  const groups = (["Länder", "Platser", "Hotell"] as const)
    .map((group) => ({ group, items: options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group) }))
    .filter(({ items }) => items.length);
  // A box opens only with something in it: one character typed is neither a hint nor a search.
  const expanded = open && (status !== null || groups.length > 0);

  const field = (
    // On a phone the home page's box spans the field and the Sök button: the suggestions take
    // that row's width (the row is their positioned box), not the field's 235 px.
    <div ref={wrapper} className={standalone ? "flex-1 md:relative" : "relative flex-1"}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          name="search"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(event.target.value.length > 0);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          // Short enough for a 390 px phone; the label says the rest and the button says "Sök".
          placeholder="Hotell eller resmål"
          className={
            standalone
              ? "w-full rounded-full border border-slate-300 bg-white py-3 pr-11 pl-5 text-base shadow-sm"
              : // In the filter bar: the same box as the selects and date fields beside it.
                controlClassName("comfortable", "h-10.5 pr-9")
          }
        />
        {hydrated && query !== "" ? (
          // Out of the tab order like a search field's own clear button: Escape clears from the keyboard.
          <button
            type="button"
            tabIndex={-1}
            aria-label="Rensa texten"
            title="Rensa texten"
            onClick={clear}
            className={`absolute top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-slate-100 hover:text-ink ${standalone ? "right-3" : "right-1.5"}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Sökförslag"
        hidden={!expanded}
        // As wide as the field on a phone (it may sit inside the filter panel), wider from 768 px.
        className="absolute inset-x-0 z-40 mt-2 max-h-[300px] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg md:right-auto md:w-[500px] md:max-w-[calc(100vw-3rem)]"
      >
        {status ? <p className="px-3 py-2 text-sm text-muted">{status}</p> : null}
        {groups.map(({ group, items }) => (
          <div key={group} role="group" aria-label={group}>
            <p aria-hidden="true" className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
              {group}
            </p>
            {items.map(({ option, index }) => (
              // Focus stays in the search field (aria-activedescendant), as the combobox pattern
              // says; the arrow keys there move between options, the mouse picks one here.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
              <div
                key={option.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={`cursor-pointer rounded-md px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-brand-800" : "hover:bg-slate-50"}`}
              >
                <span className="block font-medium">{option.label}</span>
                {option.detail ? <span className="block text-muted">{option.detail}</span> : null}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );

  if (!standalone) return field;
  const button = (
    <button type="submit" className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
      Sök
    </button>
  );
  if (stay && today) {
    return (
      <form method="get" action={href("/hotels")} role="search" onSubmit={onSubmit} className="w-full max-w-2xl space-y-3">
        <div className="relative flex gap-2">
          {field}
          {button}
        </div>
        <StayFields stay={stay} today={today} />
      </form>
    );
  }
  return (
    <form method="get" action={href("/hotels")} role="search" onSubmit={onSubmit} className="relative flex w-full max-w-2xl gap-2">
      {field}
      {button}
    </form>
  );
}
