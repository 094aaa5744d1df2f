-- Each hotel's amenities as keys of the catalogue's one vocabulary (app/hotels/amenities.ts:
-- 'Free WiFi', 'WIFI' and 'Gratis wifi' are all `wifi`), so filters can ask for hotels with
-- given amenities (amenity_keys @> array['pool']) through the GIN index. The keys need the
-- vocabulary, which lives in the app: the hotel writes (seed, importer) set them, and the
-- migrator fills them for the rows already stored right after this file, in its transaction.

alter table public.hotels
  add column if not exists amenity_keys text[] not null default '{}';

create index if not exists hotels_amenity_keys_idx on public.hotels using gin (amenity_keys);
