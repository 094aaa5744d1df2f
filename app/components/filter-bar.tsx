import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import {
  filterFormQuery,
  FILTER_AMENITY_KEYS,
  GUEST_RATING_OPTIONS,
  MAX_PRICE_FILTER,
  RATING_OPTIONS,
  SORT_LABELS,
  type ListParams,
} from "#app/hotels/search-params.ts";
import type { PlaceChoice } from "#app/hotels/places.server.ts";
import { amenityLabel } from "#app/hotels/amenities.ts";
import { hasDates, type Stay } from "#app/utils/stay.ts";
import { CONDITIONS, CONDITIONS_PARAM } from "#app/prices/conditions.ts";
import { CURRENCY_PARAM, DISPLAY_CURRENCIES, HOME_CURRENCY } from "#app/utils/money.ts";
import { AREA_PARAM, formatArea } from "#app/hotels/map-area.ts";
import { nearestSortLabel, type DistanceTarget } from "#app/location/distance.ts";
import { SearchBar } from "./search-bar.tsx";
import { StayFields } from "./stay-fields.tsx";
import { Input } from "./ui/input.tsx";
import { Select } from "./ui/select.tsx";
import { Button, buttonClassName } from "./ui/button.tsx";

interface FilterBarProps {
  params: ListParams;
  /** Countries to choose: the catalogue's spelling as the value, the Swedish name as the label. */
  countries: PlaceChoice[];
  /** Places of the chosen country (empty until one is chosen). */
  locations: PlaceChoice[];
  /** Where the form submits; the page itself by default. */
  action?: string;
  /** Hide the country and place selects (the place page has them in its URL). */
  fixedPlace?: boolean;
  /** The visitor's dates and guests, and their today (the earliest check-in). */
  stay: Stay;
  today: string;
  /**
   * A list within one place: the landmarks to measure distances to (`nara`) and the current
   * target, which names the sort by distance; without it neither is offered.
   */
  distance?: { landmarks: PlaceChoice[]; target: DistanceTarget | null } | null;
}

/**
 * The filter bar: a GET form that works without JavaScript (submit button); with it, the
 * selects apply on change. Collapsed on small screens ('Visa filter' / 'Dölj filter').
 */
export function FilterBar({ params, countries, locations, action, fixedPlace = false, stay, today, distance = null }: FilterBarProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (changes?: (form: HTMLFormElement) => void) => {
    if (!form.current) return;
    changes?.(form.current);
    submit(filterFormQuery(new FormData(form.current)), { method: "get", action, preventScrollReset: true });
  };
  // A select changed before the page's JavaScript arrived (the selects apply on change only
  // once it has, and the stylesheet hides the button then) is applied at hydration.
  useEffect(() => {
    const selects = [...(form.current?.querySelectorAll("select") ?? [])];
    const changed = selects.some((select) => {
      const initial = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
      return !select.disabled && initial !== undefined && select.value !== initial.value;
    });
    if (changed) apply();
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const resetHref = action ?? ".";
  // With dates the lists show (and filter on) the stay's total, without them the price per night.
  const priceWhat = hasDates(stay) ? "för vistelsen" : "per natt";
  const landmarks = distance?.landmarks ?? [];
  const sortOptions = Object.entries(SORT_LABELS)
    .filter(([value]) => value !== "avstand" || distance?.target)
    .map(([value, label]) => ({ value, label: value === "avstand" ? nearestSortLabel(distance?.target ?? null) : label }));

  return (
    <details className="filter-bar group rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <summary className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium md:hidden">
        <span className="group-open:hidden">Visa filter</span>
        <span className="hidden group-open:inline">Dölj filter</span>
      </summary>
      <Form
        ref={form}
        method="get"
        action={action}
        // With JavaScript the button applies like a change does (a clean address); without it, the plain GET.
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        className="mt-4 grid gap-4 md:mt-0 md:grid-cols-2 lg:grid-cols-12 lg:items-end"
      >
        {/* Without the country and place selects, the field takes their room (a select is 2 of 12 columns,
            the sort 3 on a place's own pages, where it can read "Närmast Centralstationen"). */}
        <div
          className={
            fixedPlace ? (landmarks.length ? "lg:col-span-5" : "lg:col-span-7") : landmarks.length ? "lg:col-span-2" : "lg:col-span-4"
          }
        >
          {/* Looks like the labels beside it; the field's own label is the longer text. */}
          <p className="mb-1 block text-sm font-medium" aria-hidden="true">
            Sök
          </p>
          <SearchBar standalone={false} defaultValue={params.search} id="filter-search" label="Sök hotell, städer eller resmål" />
        </div>
        {fixedPlace ? null : (
          <>
            <SelectField
              name="country"
              label="Land"
              value={params.country}
              options={[{ value: "", label: countries.length ? "Alla länder" : "Inga länder tillgängliga" }, ...countries]}
              // Choosing a country clears the place: a place belongs to one country. It replaces the map's area too.
              className="lg:col-span-2"
              onChange={() =>
                apply((f) => {
                  const location = f.elements.namedItem("location") as HTMLSelectElement | null;
                  if (location) location.value = "";
                  dropArea(f);
                })
              }
            />
            <SelectField
              name="location"
              label="Plats"
              value={params.location}
              resetKey={params.country}
              disabled={!params.country}
              options={[
                { value: "", label: params.country && !locations.length ? "Inga platser tillgängliga" : "Alla platser" },
                ...locations,
              ]}
              className="lg:col-span-2"
              onChange={() => apply(dropArea)}
            />
          </>
        )}
        <SelectField
          name="rating"
          label="Stjärnor"
          value={params.rating ? String(params.rating) : ""}
          options={RATING_OPTIONS}
          className="lg:col-span-2"
          onChange={() => apply()}
        />
        <SelectField
          name="sortera"
          label="Sortera"
          value={params.sort}
          options={sortOptions}
          className={fixedPlace ? "lg:col-span-3" : "lg:col-span-2"}
          onChange={() => apply()}
        />
        {landmarks.length ? (
          <SelectField
            name="nara"
            label="Avstånd till"
            value={params.near}
            options={[{ value: "", label: "Centrum" }, ...landmarks]}
            className="lg:col-span-2"
            onChange={() => apply()}
          />
        ) : null}
        <StayFields stay={stay} today={today} onApply={() => apply()} className="md:col-span-2 lg:col-span-12" />
        <details
          className="rounded-lg border border-slate-200 p-3 md:col-span-2 lg:col-span-12"
          open={
            params.priceMin !== undefined ||
            params.priceMax !== undefined ||
            params.guestRating !== undefined ||
            params.amenities.length > 0 ||
            params.conditions.length > 0 ||
            params.currency !== HOME_CURRENCY
          }
        >
          <summary className="cursor-pointer text-sm font-medium">Pris, villkor, gästbetyg och bekvämligheter</summary>
          <div className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            <fieldset>
              <legend className="mb-1 text-sm font-medium">Pris {priceWhat} (kr)</legend>
              <div className="flex items-center gap-2">
                <label htmlFor="filter-prismin" className="sr-only">
                  Lägsta pris {priceWhat}
                </label>
                <Input
                  id="filter-prismin"
                  name="prismin"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_PRICE_FILTER}
                  step={50}
                  placeholder="Från"
                  defaultValue={params.priceMin ?? ""}
                  key={`min-${params.priceMin ?? ""}`}
                  onBlur={(event) => event.currentTarget.value !== String(params.priceMin ?? "") && apply()}
                />
                <span aria-hidden="true">–</span>
                <label htmlFor="filter-prismax" className="sr-only">
                  Högsta pris {priceWhat}
                </label>
                <Input
                  id="filter-prismax"
                  name="prismax"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_PRICE_FILTER}
                  step={50}
                  placeholder="Till"
                  defaultValue={params.priceMax ?? ""}
                  key={`max-${params.priceMax ?? ""}`}
                  onBlur={(event) => event.currentTarget.value !== String(params.priceMax ?? "") && apply()}
                />
              </div>
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-sm font-medium">Villkor</legend>
              <ul className="space-y-1">
                {CONDITIONS.map((condition) => (
                  <li key={condition.key}>
                    <label className="inline-flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={CONDITIONS_PARAM}
                        value={condition.key}
                        defaultChecked={params.conditions.includes(condition.key)}
                        key={`${condition.key}-${params.conditions.includes(condition.key)}`}
                        onChange={() => apply()}
                        className="h-4 w-4"
                      />
                      {condition.filterLabel}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <SelectField
              name="gastbetyg"
              label="Gästbetyg"
              value={params.guestRating ? String(params.guestRating) : ""}
              options={GUEST_RATING_OPTIONS}
              onChange={() => apply()}
            />
            <SelectField
              name={CURRENCY_PARAM}
              label="Valuta"
              value={params.currency}
              options={DISPLAY_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              onChange={() => apply()}
            />
            <fieldset className="md:col-span-2 lg:col-span-4">
              <legend className="mb-1 text-sm font-medium">Bekvämligheter</legend>
              <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-6">
                {FILTER_AMENITY_KEYS.map((key) => (
                  <li key={key} className="min-w-0">
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="bekvamlighet"
                        value={key}
                        defaultChecked={params.amenities.includes(key)}
                        key={`${key}-${params.amenities.includes(key)}`}
                        onChange={() => apply()}
                        className="h-4 w-4 shrink-0"
                      />
                      {/* A long compound ('Tillgänglighetsanpassat') breaks inside its column, hyphenated where the browser can. */}
                      <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{amenityLabel(key)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </div>
        </details>
        {params.area ? (
          // The map's area stays with the other filters until the visitor lets it go (decision 078).
          <label className="inline-flex items-center gap-2 text-sm md:col-span-2 lg:col-span-12">
            <input
              type="checkbox"
              name={AREA_PARAM}
              value={formatArea(params.area)}
              defaultChecked
              key={formatArea(params.area)}
              onChange={() => apply()}
              className="h-4 w-4"
            />
            Bara hotell i kartans område
          </label>
        ) : null}
        <div className="flex gap-2 lg:col-span-12">
          <Button type="submit">Visa hotell</Button>
          <Link to={resetHref} className={buttonClassName({ variant: "secondary" })}>
            Återställ
          </Link>
        </div>
      </Form>
    </details>
  );
}

/** A place chosen in the form is the list's place: the map's area gives way to it. */
function dropArea(form: HTMLFormElement) {
  const area = form.elements.namedItem(AREA_PARAM) as HTMLInputElement | null;
  if (area) area.checked = false;
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
  /** Anything besides the value whose change must reset the select (it is uncontrolled). */
  resetKey?: string;
  className?: string;
  onChange: () => void;
}

function SelectField({ name, label, value, options, disabled, resetKey = "", className, onChange }: SelectFieldProps) {
  const id = `filter-${name}`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <Select
        id={id}
        name={name}
        defaultValue={value}
        // A new key after navigation makes the uncontrolled select show the URL's value again.
        key={`${resetKey}|${value}`}
        disabled={disabled}
        // As tall as the text boxes beside it (a select's own line box is a few pixels shorter).
        className="h-10.5"
        onChange={onChange}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
