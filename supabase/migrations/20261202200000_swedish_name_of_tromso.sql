-- Swedes write Tromsö (as Malmö), not the Norwegian Tromsø: the name the pages and the sitemap show.
insert into public.place_names (iso_code, location_key, name_sv) values ('NO', 'tromso', 'Tromsö')
on conflict (iso_code, location_key) do update set name_sv = excluded.name_sv;
