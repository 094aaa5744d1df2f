-- Other spellings that should find a place: its name in its own country's languages and in
-- Swedish and English (København, Helsingfors, Zürich…), filled on every migrate from
-- app/hotels/place-alternate-names.json (Unicode CLDR, decision 057). place_names keeps the
-- one Swedish name a visitor reads; this table only finds. A feed or an administrator may add more.
create table public.place_alternate_names (
  iso_code text not null,
  location_key text not null,
  name_key text not null,
  primary key (name_key, iso_code, location_key),
  constraint place_alternate_names_iso_code_format check (iso_code ~ '^[A-Z]{2}$'),
  constraint place_alternate_names_location_key_normalised check (location_key = public.place_key(location_key) and location_key <> ''),
  constraint place_alternate_names_name_key_normalised check (name_key = public.place_key(name_key) and name_key <> '')
);
-- A place typed with a typo ('kobenhvn') or by its start ('købe') in the search box.
create index place_alternate_names_name_key_trgm_idx on public.place_alternate_names using gin (name_key gin_trgm_ops);
create index place_alternate_names_name_key_prefix_idx on public.place_alternate_names (name_key text_pattern_ops);

alter table public.place_alternate_names enable row level security;
create policy place_alternate_names_public_read on public.place_alternate_names for select to public using (true);
