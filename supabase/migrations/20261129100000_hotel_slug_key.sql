-- A hotel page is found by an indexed key: (country_key, location_key, slug). Before, every
-- hotel page read the names of all hotels of its place to find the one whose slug matched,
-- a cost that grew with the place (thousands of names in a big city at a million hotels).
--
-- fold_text, slugify and hotel_slug are the SQL twins of foldText (app/utils/fold-text.ts),
-- slugify and hotelSlug (app/hotels/hotel.ts); tests/integration/hotel-slug.test.ts holds
-- them to the same answers. Should they ever differ for some name, the page is still found
-- (findHotel falls back to comparing the place's names in code), only more slowly.

-- Lower case, the letters Unicode does not decompose written out, then accents dropped.
create or replace function public.fold_text(value text)
  returns text
  language sql
  immutable
  parallel safe
  strict
  as $$
    select regexp_replace(
      normalize(
        translate(
          replace(replace(replace(replace(lower(value), 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'þ', 'th'),
          'øðłđı',
          'odldi'
        ),
        NFKD
      ),
      '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]',
      '',
      'g'
    )
  $$;

-- Lowercase, hyphenated and ASCII: 'Hotel Åre Fjällby' → 'hotel-are-fjallby'.
create or replace function public.slugify(value text)
  returns text
  language sql
  immutable
  parallel safe
  strict
  as $$ select btrim(regexp_replace(replace(public.fold_text(value), '&', ' och '), '[^a-z0-9]+', '-', 'g'), '-') $$;

-- From the name, or from hotel_id when the name is missing or a stand-in. Null when neither
-- gives a slug (a hotel_id without letters or digits): findHotel's fallback finds those.
create or replace function public.hotel_slug(name text, hotel_id text)
  returns text
  language sql
  immutable
  parallel safe
  as $$
    select coalesce(
      nullif(case when btrim(name) in ('Namnlöst hotell', 'Unnamed Hotel') then '' else public.slugify(btrim(name)) end, ''),
      nullif(public.slugify(hotel_id), '')
    )
  $$;

alter table public.hotels add column slug text generated always as (public.hotel_slug(name, hotel_id)) stored;
create index hotels_place_slug_idx on public.hotels (country_key, location_key, slug);
