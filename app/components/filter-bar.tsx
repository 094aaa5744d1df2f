import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { RATING_OPTIONS, SORT_LABELS, type ListParams } from "#app/domain/search-params.ts";
import { SearchBar } from "./search-bar.tsx";

interface FilterBarProps {
  params: ListParams;
  countries: string[];
  /** Places of the chosen country (empty until one is chosen). */
  locations: string[];
  /** Where the form submits; the page itself by default. */
  action?: string;
  /** Hide the country and place selects (the place page has them in its URL). */
  fixedPlace?: boolean;
}

const selectClass = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-500";

/**
 * The filter bar: a GET form that works without JavaScript (submit button); with it, the
 * selects apply on change. Collapsed on small screens ('Visa filter' / 'Dölj filter').
 */
export function FilterBar({ params, countries, locations, action, fixedPlace = false }: FilterBarProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (changes?: (form: HTMLFormElement) => void) => {
    if (!form.current) return;
    changes?.(form.current);
    const data = new FormData(form.current);
    for (const [key, value] of [...data.entries()]) if (value === "") data.delete(key);
    submit(data, { method: "get", action, preventScrollReset: true });
  };
  const resetHref = action ?? ".";

  return (
    <details className="filter-bar group rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <summary className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium md:hidden">
        <span className="group-open:hidden">Visa filter</span>
        <span className="hidden group-open:inline">Dölj filter</span>
      </summary>
      <Form ref={form} method="get" action={action} className="mt-4 grid gap-4 md:mt-0 md:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div className="lg:col-span-2">
          <p className="mb-1 text-sm font-medium" aria-hidden="true">Sök</p>
          <SearchBar standalone={false} defaultValue={params.search} id="filter-search" label="Sök hotell, städer eller resmål" />
        </div>
        {fixedPlace ? null : (
          <>
            <div>
              <label htmlFor="filter-country" className="mb-1 block text-sm font-medium">Land</label>
              <select
                id="filter-country"
                name="country"
                defaultValue={params.country}
                key={`country-${params.country}`}
                className={selectClass}
                onChange={() =>
                  // Choosing a country clears the place (spec §4).
                  apply((f) => {
                    const location = f.elements.namedItem("location") as HTMLSelectElement | null;
                    if (location) location.value = "";
                  })
                }
              >
                <option value="">{countries.length ? "Alla länder" : "Inga länder tillgängliga"}</option>
                {countries.map((country) => (
                  <option key={country} value={country}>{country}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-location" className="mb-1 block text-sm font-medium">Plats</label>
              <select
                id="filter-location"
                name="location"
                defaultValue={params.location}
                key={`location-${params.country}-${params.location}`}
                disabled={!params.country}
                className={selectClass}
                onChange={() => apply()}
              >
                <option value="">{params.country && !locations.length ? "Inga platser tillgängliga" : "Alla platser"}</option>
                {locations.map((location) => (
                  <option key={location} value={location}>{location}</option>
                ))}
              </select>
            </div>
          </>
        )}
        <div>
          <label htmlFor="filter-rating" className="mb-1 block text-sm font-medium">Stjärnor</label>
          <select id="filter-rating" name="rating" defaultValue={params.rating ? String(params.rating) : ""} key={`rating-${params.rating}`} className={selectClass} onChange={() => apply()}>
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort" className="mb-1 block text-sm font-medium">Sortera</label>
          <select id="filter-sort" name="sortera" defaultValue={params.sort} key={`sort-${params.sort}`} className={selectClass} onChange={() => apply()}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
        <div className="flex gap-2 lg:col-span-6">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Visa hotell
          </button>
          <Link to={resetHref} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
            Återställ
          </Link>
        </div>
      </Form>
    </details>
  );
}
