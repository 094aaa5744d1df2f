-- "Description rewritten" tells the truth: a hotel counts as rewritten exactly when it has a
-- rewritten (Swedish) text that is not blank. The flag was set by hand in the back office and
-- by feeds, so it drifted from the text; from now on a trigger derives it on every insert and
-- on every update that writes either column, whoever writes (the app, the importer, an older
-- release during a deploy, SQL by hand). Reverting a hotel to its original description is
-- clearing the text, which clears the flag with it.

update public.hotels
  set is_description_rewritten = (coalesce(btrim(rewritten_text), '') <> '')
  where is_description_rewritten is distinct from (coalesce(btrim(rewritten_text), '') <> '');

create or replace function public.description_rewritten_follows_text()
  returns trigger
  language plpgsql
  as $$
begin
  new.is_description_rewritten = coalesce(btrim(new.rewritten_text), '') <> '';
  return new;
end;
$$;

create trigger hotels_description_rewritten_follows_text
  before insert or update of rewritten_text, is_description_rewritten on public.hotels
  for each row execute function public.description_rewritten_follows_text();
