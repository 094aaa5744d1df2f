-- Landmarks of a place (issue 39, DESIGN.md §4.14, decision 077): the centre, the station, the old
-- town, a beach, an arena. A visitor reads each hotel's distance to its place's centre or to the
-- landmark they chose (`nara=<slug>`); the neighbourhood helper's landing pages use the same slugs
-- (/:country/:location/nara/:slug). Data, edited in the back office and seeded for the demo places.
-- A place is its keys (as catalogue_places and hotels spell them): no foreign key, so a landmark
-- may be entered before a feed brings the place's first hotel and outlives its last.
create table public.place_landmarks (
  id uuid primary key default gen_random_uuid(),
  country_key text not null,
  location_key text not null,
  -- In addresses: lower-case ASCII words joined by hyphens ('centralstationen', 'gamla-stan').
  slug text not null,
  -- What a visitor reads: "1,2 km till Centralstationen".
  name_sv text not null,
  -- One of the kinds app/location/landmark-kinds.ts labels.
  kind text not null,
  latitude double precision not null,
  longitude double precision not null,
  -- The place's centre: distances are measured from it when a visitor chose no landmark.
  is_centre boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint place_landmarks_place_slug unique (country_key, location_key, slug),
  constraint place_landmarks_country_key_normalised check (country_key = public.place_key(country_key) and country_key <> ''),
  constraint place_landmarks_location_key_normalised check (location_key = public.place_key(location_key) and location_key <> ''),
  constraint place_landmarks_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 60),
  constraint place_landmarks_name_sv check (btrim(name_sv) <> '' and char_length(name_sv) <= 80),
  constraint place_landmarks_kind check (kind in ('centrum', 'station', 'sevardhet', 'strand', 'arena', 'flygplats', 'park', 'omrade')),
  constraint place_landmarks_latitude_range check (latitude between -90 and 90),
  constraint place_landmarks_longitude_range check (longitude between -180 and 180)
);
-- At most one centre per place.
create unique index place_landmarks_one_centre on public.place_landmarks (country_key, location_key) where is_centre;

alter table public.place_landmarks enable row level security;
create policy place_landmarks_public_read on public.place_landmarks for select to public using (true);

-- Pages show landmarks and distances: a write tells every app server (decision 063).
create trigger place_landmarks_announce_change after insert or update or delete or truncate on public.place_landmarks
  for each statement execute function public.announce_catalogue_change();
