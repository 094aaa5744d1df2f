-- The map's area as a list's scope (issue 39, `omrade`, decision 078): hotels whose position lies
-- in a box of longitudes and latitudes. A GiST index on the built-in point type answers
-- `point(longitude, latitude) <@ box(...)` on PostgreSQL and PGlite alike, with no extension
-- (cube and earthdistance would do it too, but a plain box needs neither). Hotels without
-- coordinates have a null point and are never in an area.
create index if not exists hotels_position_idx on public.hotels using gist (point(longitude, latitude));
