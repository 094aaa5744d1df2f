-- Swedish names for the catalogue's countries and places, and every other spelling that
-- should find them (Sverige, Czech Republic, Göteborg…). Addresses keep the catalogue's own
-- spelling (/Sweden/Gothenburg); these tables only translate and resolve.

-- One row per ISO 3166-1 country. Filled on every migrate from a maintained country-name
-- library (app/hotels/country-names.server.ts), never overwriting an edited row.
create table public.countries (
  iso_code text primary key,
  name text not null,
  name_sv text not null,
  constraint countries_iso_code_format check (iso_code ~ '^[A-Z]{2}$'),
  constraint countries_name_not_blank check (btrim(name) <> ''),
  constraint countries_name_sv_not_blank check (btrim(name_sv) <> '')
);

-- Every spelling of a country, as its place_key: 'sweden', 'sverige', 'czech republic', 'usa'.
create table public.country_names (
  name_key text primary key,
  iso_code text not null references public.countries (iso_code) on delete cascade,
  constraint country_names_key_normalised check (name_key = public.place_key(name_key) and name_key <> '')
);
create index country_names_iso_code_idx on public.country_names (iso_code);
create index country_names_key_trgm_idx on public.country_names using gin (name_key gin_trgm_ops);

-- Swedish names of places (exonyms): the place is the catalogue's spelling as a place_key in
-- a country. A feed or an administrator may add more. No foreign key to countries, which are
-- filled after the SQL migrations run.
create table public.place_names (
  iso_code text not null,
  location_key text not null,
  name_sv text not null,
  name_sv_key text generated always as (public.place_key(name_sv)) stored,
  primary key (iso_code, location_key),
  constraint place_names_iso_code_format check (iso_code ~ '^[A-Z]{2}$'),
  constraint place_names_location_key_normalised check (location_key = public.place_key(location_key) and location_key <> ''),
  constraint place_names_name_sv_not_blank check (btrim(name_sv) <> '')
);
create index place_names_name_sv_key_idx on public.place_names (name_sv_key);
create index place_names_name_sv_key_trgm_idx on public.place_names using gin (name_sv_key gin_trgm_ops);

insert into public.place_names (iso_code, location_key, name_sv) values
  ('SE', 'gothenburg', 'Göteborg'),
  ('DK', 'copenhagen', 'Köpenhamn'),
  ('DK', 'elsinore', 'Helsingör'),
  ('FI', 'helsinki', 'Helsingfors'),
  ('FI', 'turku', 'Åbo'),
  ('FI', 'tampere', 'Tammerfors'),
  ('FI', 'vaasa', 'Vasa'),
  ('FI', 'oulu', 'Uleåborg'),
  ('FI', 'porvoo', 'Borgå'),
  ('FI', 'espoo', 'Esbo'),
  ('FI', 'vantaa', 'Vanda'),
  ('FI', 'lahti', 'Lahtis'),
  ('FI', 'kokkola', 'Karleby'),
  ('FI', 'hanko', 'Hangö'),
  ('DE', 'munich', 'München'),
  ('DE', 'cologne', 'Köln'),
  ('DE', 'nuremberg', 'Nürnberg'),
  ('DE', 'hanover', 'Hannover'),
  ('DE', 'brunswick', 'Braunschweig'),
  ('IT', 'rome', 'Rom'),
  ('IT', 'venice', 'Venedig'),
  ('IT', 'florence', 'Florens'),
  ('IT', 'naples', 'Neapel'),
  ('IT', 'milan', 'Milano'),
  ('IT', 'genoa', 'Genua'),
  ('IT', 'sicily', 'Sicilien'),
  ('IT', 'sardinia', 'Sardinien'),
  ('PT', 'lisbon', 'Lissabon'),
  ('GR', 'athens', 'Aten'),
  ('GR', 'crete', 'Kreta'),
  ('GR', 'rhodes', 'Rhodos'),
  ('GR', 'corfu', 'Korfu'),
  ('CZ', 'prague', 'Prag'),
  ('AT', 'vienna', 'Wien'),
  ('BE', 'brussels', 'Bryssel'),
  ('BE', 'antwerp', 'Antwerpen'),
  ('BE', 'bruges', 'Brygge'),
  ('NL', 'the hague', 'Haag'),
  ('CH', 'geneva', 'Genève'),
  ('CH', 'zurich', 'Zürich'),
  ('CH', 'lucerne', 'Luzern'),
  ('ES', 'seville', 'Sevilla'),
  ('ES', 'majorca', 'Mallorca'),
  ('ES', 'canary islands', 'Kanarieöarna'),
  ('ES', 'tenerife', 'Teneriffa'),
  ('PL', 'warsaw', 'Warszawa'),
  ('PL', 'krakow', 'Kraków'),
  ('PL', 'gdansk', 'Gdańsk'),
  ('RU', 'moscow', 'Moskva'),
  ('RU', 'saint petersburg', 'Sankt Petersburg'),
  ('RU', 'st petersburg', 'Sankt Petersburg'),
  ('RO', 'bucharest', 'Bukarest'),
  ('EG', 'cairo', 'Kairo'),
  ('CN', 'beijing', 'Peking'),
  ('MA', 'marrakesh', 'Marrakech');

-- ?location= without a country looks a place up across countries.
create index hotels_location_key_idx on public.hotels (location_key);

-- Search matches hotel names case- and accent-insensitively: anywhere in the name and with a
-- typo (trigrams), and at its start (a pattern index for prefixes).
alter table public.hotels add column name_key text generated always as (public.place_key(coalesce(name, ''))) stored;
create index hotels_name_key_trgm_idx on public.hotels using gin (name_key gin_trgm_ops);
create index hotels_name_key_prefix_idx on public.hotels (name_key text_pattern_ops);
drop index if exists public.hotels_name_trgm_idx;

-- The catalogue's places with their hotel counts, kept by triggers on hotels, so lists of
-- countries and places, place lookups and place search read a few hundred rows, never the
-- hotels. location_key '' holds a country's hotels without a place. Counts may reach 0;
-- readers skip those rows.
create table public.catalogue_places (
  country_key text not null,
  location_key text not null,
  country text not null,
  location text not null,
  hotel_count integer not null,
  primary key (country_key, location_key)
);
create index catalogue_places_location_key_idx on public.catalogue_places (location_key);
create index catalogue_places_location_key_trgm_idx on public.catalogue_places using gin (location_key gin_trgm_ops);

create type public.place_change as (country_key text, location_key text, country text, location text);

-- Adds (sign 1) or removes (sign -1) hotels from their places' counts. Keys in a fixed order,
-- so two writers lock place rows in the same order and never deadlock.
create or replace function public.add_catalogue_places(changes public.place_change[], sign integer)
  returns void
  language sql
  as $$
  insert into public.catalogue_places as place (country_key, location_key, country, location, hotel_count)
  select change.country_key, coalesce(change.location_key, ''), min(btrim(change.country)), coalesce(min(btrim(change.location)), ''), sign * count(*)
  from unnest(changes) as change
  where change.country_key is not null and change.country_key <> ''
  group by 1, 2
  order by 1, 2
  on conflict (country_key, location_key) do update set hotel_count = place.hotel_count + excluded.hotel_count
$$;

-- Moves counts between places; each event has its own transition tables (a statement may
-- only name those its trigger has), hence the three branches.
create or replace function public.count_catalogue_places()
  returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'INSERT' then
    perform public.add_catalogue_places(array(select row(country_key, location_key, country, location)::public.place_change from new_rows), 1);
  elsif tg_op = 'DELETE' then
    perform public.add_catalogue_places(array(select row(country_key, location_key, country, location)::public.place_change from old_rows), -1);
  else
    -- Only hotels whose place changed move: flag and text edits leave the counts alone.
    perform public.add_catalogue_places(array(
      select row(old_row.country_key, old_row.location_key, old_row.country, old_row.location)::public.place_change
      from old_rows old_row join new_rows new_row on new_row.id = old_row.id
      where new_row.country_key is distinct from old_row.country_key or new_row.location_key is distinct from old_row.location_key), -1);
    perform public.add_catalogue_places(array(
      select row(new_row.country_key, new_row.location_key, new_row.country, new_row.location)::public.place_change
      from old_rows old_row join new_rows new_row on new_row.id = old_row.id
      where new_row.country_key is distinct from old_row.country_key or new_row.location_key is distinct from old_row.location_key), 1);
  end if;
  return null;
end;
$$;

-- Transition tables allow one event per trigger.
create trigger hotels_count_places_insert after insert on public.hotels
  referencing new table as new_rows for each statement execute function public.count_catalogue_places();
create trigger hotels_count_places_update after update on public.hotels
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_catalogue_places();
create trigger hotels_count_places_delete after delete on public.hotels
  referencing old table as old_rows for each statement execute function public.count_catalogue_places();

insert into public.catalogue_places (country_key, location_key, country, location, hotel_count)
select country_key, coalesce(location_key, ''), min(btrim(country)), coalesce(min(btrim(location)), ''), count(*)
from public.hotels
where country_key is not null and country_key <> ''
group by 1, 2;

alter table public.catalogue_places enable row level security;
create policy catalogue_places_public_read on public.catalogue_places for select to public using (true);
alter table public.countries enable row level security;
alter table public.country_names enable row level security;
alter table public.place_names enable row level security;
create policy countries_public_read on public.countries for select to public using (true);
create policy country_names_public_read on public.country_names for select to public using (true);
create policy place_names_public_read on public.place_names for select to public using (true);
