import { useRef } from "react";
import { Form, href, Link, useSubmit } from "react-router";
import { adminHotelsSearch, type AdminHotelFilters } from "#app/admin/hotel-table.ts";
import type { PlaceChoice } from "#app/hotels/places.server.ts";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Field, SelectField } from "#app/components/ui/forms.tsx";

/** The hotel table's filters: a GET form; with JavaScript a changed select applies at once. */
export function AdminHotelFilterForm({
  filters,
  countries,
  locations,
}: {
  filters: AdminHotelFilters;
  countries: PlaceChoice[];
  locations: PlaceChoice[];
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (clearLocation = false) => {
    if (!form.current) return;
    const data = new FormData(form.current);
    if (clearLocation) data.delete("location");
    for (const [key, value] of [...data.entries()]) if (value === "" || value === "all") data.delete(key);
    submit(data, { method: "get", action: href("/admin/hotels"), replace: true });
  };
  const key = adminHotelsSearch(filters);
  return (
    <Form
      ref={form}
      method="get"
      action={href("/admin/hotels")}
      key={key}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      <Field
        className="lg:col-span-2"
        label="Search"
        controlSize="compact"
        inputProps={{ id: "hotels-q", name: "q", type: "search", defaultValue: filters.q, placeholder: "Name, place or hotel ID" }}
      />
      <SelectField
        label="Country"
        controlSize="compact"
        selectProps={{ id: "hotels-country", name: "country", defaultValue: filters.country, onChange: () => apply(true) }}
      >
        <option value="">All countries</option>
        {countries.map((country) => (
          <option key={country.value} value={country.value}>
            {country.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Location"
        controlSize="compact"
        selectProps={{
          id: "hotels-location",
          name: "location",
          defaultValue: filters.location,
          disabled: !filters.country,
          onChange: () => apply(),
        }}
      >
        <option value="">{filters.country ? "All locations" : "Choose a country first"}</option>
        {locations.map((location) => (
          <option key={location.value} value={location.value}>
            {location.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Affiliate status"
        controlSize="compact"
        selectProps={{ id: "hotels-affiliate", name: "affiliate", defaultValue: filters.affiliate, onChange: () => apply() }}
      >
        <option value="all">All</option>
        <option value="missing">Missing affiliate URL</option>
        <option value="has">Has affiliate URL</option>
      </SelectField>
      <SelectField
        label="Rewrite status"
        controlSize="compact"
        selectProps={{ id: "hotels-rewrite", name: "rewrite", defaultValue: filters.rewrite, onChange: () => apply() }}
      >
        <option value="all">All</option>
        <option value="not-rewritten">Not rewritten</option>
        <option value="rewritten">Rewritten</option>
      </SelectField>
      {/* New filters keep the order and start again at page 1. */}
      {filters.sort !== "name" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.order !== "asc" ? <input type="hidden" name="order" value={filters.order} /> : null}
      <div className="flex gap-2 md:col-span-3 lg:col-span-6">
        <Button type="submit">Apply Filters</Button>
        <Link to={href("/admin/hotels")} className={buttonClassName({ variant: "secondary" })}>
          Reset Filters
        </Link>
      </div>
    </Form>
  );
}
