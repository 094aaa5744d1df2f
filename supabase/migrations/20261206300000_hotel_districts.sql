-- A hotel's district within its place (Södermalm, Linnéstaden): a feed-owned field of the hotel
-- feed (issue 39, decision 079). Stored as the feed writes it, trimmed; its slug addresses the
-- neighbourhood page /{country}/{place}/omrade/{slug}, and a place page counts its hotels per
-- district, so (place keys, district_slug) is indexed.
alter table public.hotels
  add column district text
    constraint hotels_district_shape check (district is null or (district = btrim(district) and district <> '' and char_length(district) <= 100));

-- The same slug as the site's other addresses (app/utils/slug.ts slugify, public.slugify here);
-- null when the district has no letter or digit, so such a hotel belongs to no neighbourhood.
alter table public.hotels
  add column district_slug text generated always as (nullif(public.slugify(district), '')) stored;

-- Partial: a hotel without a district (a feed without the column) costs the index nothing.
create index hotels_place_district_idx on public.hotels (country_key, location_key, district_slug) where district_slug is not null;
