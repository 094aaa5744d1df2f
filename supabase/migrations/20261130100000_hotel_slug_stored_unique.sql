-- One address per hotel, and only addresses that name a place (docs/decisions/044-one-address-per-hotel.md).
--
-- Before, hotels.slug was generated from the name, so hotels of one place with the same name
-- (one of them written in decomposed Unicode, say) shared one address and only one of them
-- could be reached; and a hotel stored with a country or place of '', ' ', '.' or '..' was
-- linked as '///slug' or '/../../slug'.

-- 1. A country or place without a letter or digit names no place: such values become null,
-- the one way a hotel without a place is stored (it has no page). SQL sees letters of other
-- scripts only as non-ASCII, so a value with any non-ASCII character is kept here; the app's
-- own rule (isPlaceName in app/utils/paths.ts) still gives such a hotel no link.
update public.hotels set country = null
where country is not null and public.slugify(country) = '' and octet_length(country) = char_length(country);
update public.hotels set location = null
where location is not null and public.slugify(location) = '' and octet_length(location) = char_length(location);

-- 2. The slug is stored: given once, when the hotel is added, and kept when a feed renames the
-- hotel, so an address once given keeps leading to the same hotel.
alter table public.hotels alter column slug drop expression;

-- The slug a new hotel starts from: hotel_slug (the twin of hotelSlug in app/hotels/hotel.ts),
-- at most 200 characters, and 'hotell' when neither the name nor hotel_id has a letter or digit.
create or replace function public.hotel_slug_base(name text, hotel_id text)
  returns text
  language sql
  immutable
  parallel safe
  as $$ select rtrim(left(coalesce(public.hotel_slug(name, hotel_id), 'hotell'), 200), '-') $$;

-- Slugs are given under one lock, so two imports adding hotels to one place at once cannot
-- both pick the same free slug (the unique index below would refuse the second).
-- upsertHotels (app/hotels/hotel-rows.server.ts) takes the same lock before it writes.
create or replace function public.lock_hotel_slugs()
  returns void
  language sql
  as $$ select pg_advisory_xact_lock(72411944) $$;

-- `base` if no other hotel of the place has it, else base-N: N one past the number of slugs
-- of the place that start with 'base-', then up until one is free. Slugs are ASCII, so the
-- range of text_pattern_ops below is exactly "starts with base-" ('.' follows '-').
create or replace function public.free_hotel_slug(place_country text, place_location text, base text, hotel uuid)
  returns text
  language plpgsql
  as $$
declare
  n integer;
  candidate text := base;
begin
  -- Without a place the hotel has no address, and the unique index does not compare it.
  if place_country is null or place_location is null then
    return base;
  end if;
  perform public.lock_hotel_slugs();
  if not exists (
    select 1 from public.hotels h
    where h.country_key = place_country and h.location_key = place_location and h.slug = candidate and h.id <> hotel
  ) then
    return candidate;
  end if;
  select count(*) + 2 into n from public.hotels h
  where h.country_key = place_country and h.location_key = place_location
    and h.slug ~>=~ (base || '-') and h.slug ~<~ (base || '.');
  loop
    candidate := base || '-' || n;
    exit when not exists (
      select 1 from public.hotels h
      where h.country_key = place_country and h.location_key = place_location and h.slug = candidate and h.id <> hotel
    );
    n := n + 1;
  end loop;
  return candidate;
end;
$$;

-- 3. Hotels that shared an address: the oldest keeps it, the others get -2, -3… (free ones, by
-- free_hotel_slug), oldest first. One statement per hotel, so each sees the slugs given before it.
do $$
declare
  dup record;
begin
  for dup in
    select id, country_key, location_key, slug
    from (
      select id, country_key, location_key, slug,
             row_number() over (partition by country_key, location_key, slug order by created_at, hotel_id) as position
      from public.hotels
      where country_key is not null and location_key is not null and slug is not null
    ) ranked
    where position > 1
    order by country_key, location_key, slug, position
  loop
    update public.hotels set slug = public.free_hotel_slug(dup.country_key, dup.location_key, dup.slug, dup.id) where id = dup.id;
  end loop;
  -- Hotels whose name and hotel_id gave no slug get one too.
  for dup in select id, country_key, location_key, name, hotel_id from public.hotels where slug is null order by created_at, hotel_id loop
    update public.hotels
    set slug = public.free_hotel_slug(dup.country_key, dup.location_key, public.hotel_slug_base(dup.name, dup.hotel_id), dup.id)
    where id = dup.id;
  end loop;
end;
$$;

-- 4. No two hotels of a place share a slug. text_pattern_ops: equality as before, and the
-- prefix range free_hotel_slug counts.
drop index if exists public.hotels_place_slug_idx;
create unique index hotels_place_slug_key on public.hotels (country_key, location_key, slug text_pattern_ops);

-- 5. Every writer (the importer, the demo seed, SQL) gets a slug from the database: a new
-- hotel a free one; a hotel moved to another place keeps its slug there unless another hotel
-- of that place has it. A rename keeps the slug. A row an upsert will turn into an update of
-- an existing hotel_id is left alone (the update keeps that hotel's slug).
create or replace function public.assign_hotel_slug()
  returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'INSERT' then
    if new.slug is not null or exists (select 1 from public.hotels where hotel_id = new.hotel_id) then
      return new;
    end if;
    new.slug := public.free_hotel_slug(
      public.place_key(new.country), public.place_key(new.location), public.hotel_slug_base(new.name, new.hotel_id), new.id);
  elsif new.slug is null
    or public.place_key(new.country) is distinct from old.country_key
    or public.place_key(new.location) is distinct from old.location_key then
    new.slug := public.free_hotel_slug(
      public.place_key(new.country), public.place_key(new.location),
      coalesce(new.slug, public.hotel_slug_base(new.name, new.hotel_id)), new.id);
  end if;
  return new;
end;
$$;

create trigger hotels_assign_slug_insert before insert on public.hotels
  for each row execute function public.assign_hotel_slug();
-- Only a change of place (or a cleared slug) can need another slug: offer summaries, flags and
-- texts update hotels without calling the function.
create trigger hotels_assign_slug_update before update on public.hotels
  for each row
  when (old.country is distinct from new.country or old.location is distinct from new.location or new.slug is null)
  execute function public.assign_hotel_slug();
