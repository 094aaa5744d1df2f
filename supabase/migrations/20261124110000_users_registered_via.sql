-- How a local account came to be: 'sign-up' (the site's open form, whose address nobody has
-- verified: whoever typed it may not own it) or 'operator' (user:create, ADMIN_EMAIL). The
-- operator's tools refuse to make a signed-up account an administrator unless told so
-- explicitly. Accounts made before this column are taken as signed up unless they are admins.

alter table public.users
  add column registered_via text not null default 'sign-up'
  constraint users_registered_via_known check (registered_via in ('sign-up', 'operator'));

update public.users set registered_via = 'operator' where id in (select user_id from public.admin_users);
