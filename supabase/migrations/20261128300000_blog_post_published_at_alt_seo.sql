-- A blog post's published date, its cover image's text alternative, and its own title and
-- description for search engines and shared links.
--
-- published_at is the moment the post was first published. Lists and the post page show it
-- instead of the creation date (a post written as a draft in March and published in May was
-- published in May). Unpublishing keeps it and publishing again does not move it, so a post's
-- date never jumps and its address in a dated list stays where readers found it. A trigger
-- keeps that rule for every writer (the app, the seed, SQL by hand). Posts published before
-- this column existed get their creation date, the date they have shown until now.
--
-- cover_image_alt: the text alternative; '' when the editor marked the cover decorative
-- (alt=""); null when nobody has said yet (every cover until now, shown as decorative as
-- before). The editor asks for a text or that choice whenever a cover is set. seo_title and seo_description: '' means the
-- post's title and excerpt are used.

alter table public.hotels_blog_posts
  add column published_at timestamptz,
  add column cover_image_alt text,
  add column seo_title text not null default '',
  add column seo_description text not null default '';

-- The backfill is not an edit: neither updated_at nor the version an open editor holds moves.
alter table public.hotels_blog_posts disable trigger hotels_blog_posts_set_updated_at;
alter table public.hotels_blog_posts disable trigger hotels_blog_posts_bump_version;
update public.hotels_blog_posts set published_at = created_at where published;
alter table public.hotels_blog_posts enable trigger hotels_blog_posts_set_updated_at;
alter table public.hotels_blog_posts enable trigger hotels_blog_posts_bump_version;

alter table public.hotels_blog_posts
  add constraint hotels_blog_posts_published_has_date check (not published or published_at is not null),
  add constraint hotels_blog_posts_cover_image_alt_length check (char_length(cover_image_alt) <= 300),
  add constraint hotels_blog_posts_seo_title_length check (char_length(seo_title) <= 60),
  add constraint hotels_blog_posts_seo_description_length check (char_length(seo_description) <= 160);

create or replace function public.blog_post_first_published()
  returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'UPDATE' and old.published_at is not null then
    new.published_at = old.published_at;
  elsif new.published and new.published_at is null then
    new.published_at = now();
  end if;
  return new;
end;
$$;

create trigger hotels_blog_posts_first_published
  before insert or update on public.hotels_blog_posts
  for each row execute function public.blog_post_first_published();

create index hotels_blog_posts_published_at_idx
  on public.hotels_blog_posts (published_at desc, id) where published;
