-- A blog post's version, raised by every update of the row (whoever makes it). The editor sends
-- the version it was opened at and saves only over that one (update ... where id = $1 and
-- version = $2), so a save from a stale copy changes no row instead of silently overwriting
-- another editor's save.

alter table public.hotels_blog_posts
  add column version integer not null default 1;

create or replace function public.bump_version()
  returns trigger
  language plpgsql
  as $$
begin
  new.version = old.version + 1;
  return new;
end;
$$;

create trigger hotels_blog_posts_bump_version
  before update on public.hotels_blog_posts
  for each row execute function public.bump_version();
