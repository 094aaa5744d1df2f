-- One index per sort order of the hotel lists, so the first page of 100 at 100,000 hotels
-- is read in index order instead of sorting the whole table. The shapes match
-- hotelListQuery() in app/catalogue/hotels.server.ts.

create index hotels_recommended_idx
  on public.hotels (has_affiliate_url desc, rating desc nulls last, review_count desc nulls last, id);
create index hotels_price_idx
  on public.hotels (price_amount asc nulls last, id);
create index hotels_rating_idx
  on public.hotels (rating desc nulls last, review_count desc nulls last, id);
create index hotels_stars_idx
  on public.hotels (star_rating desc nulls last, rating desc nulls last, id);
-- Suggestions are listed by name.
create index hotels_name_idx on public.hotels (name, id);

-- The plain star_rating index of the first migration is a prefix of hotels_stars_idx.
drop index if exists public.hotels_star_rating_idx;

-- Country and place filters compare stored keys instead of calling place_key() (unaccent)
-- on every row a sorted index scan passes over.
alter table public.hotels
  add column country_key text generated always as (public.place_key(country)) stored,
  add column location_key text generated always as (public.place_key(location)) stored;
create index hotels_place_keys_idx on public.hotels (country_key, location_key);
drop index if exists public.hotels_place_key_idx;
