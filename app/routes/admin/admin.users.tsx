import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/admin.users";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { nameOf, USER_INTENT, usersHref, type UserIntent } from "#app/admin/user-accounts.ts";
import type { Account } from "#app/auth/accounts.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { Button, type ButtonVariant } from "#app/components/ui/button.tsx";
import { ConfirmableAction, ConfirmLink, useConfirmable, type ConfirmQuestion } from "#app/components/ui/confirmable-action.tsx";
import { ActionRefusalAlert, Field } from "#app/components/ui/forms.tsx";
import { TableHead, TableScroll } from "#app/components/ui/table.tsx";
import { adminDateTime } from "#app/utils/format.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { loadUsers, usersAction } from "./admin.users.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Users", matches);
}

export const loader = (args: Route.LoaderArgs) => loadUsers(args);

export const action = (args: Route.ActionArgs) => usersAction(args);

const when = (date: Date | null) => (date ? adminDateTime.format(date) : "—");

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, total, page, pages, search, me, provider, question } = loaderData;
  const query = new URLSearchParams(loaderData.query);
  const busy = useIsPending();
  const confirm = useConfirmable<Asked>();
  // The question's own page without JavaScript; with it, the dialog.
  const askLink = (intent: UserIntent, account: Account, variant: ButtonVariant, label: ReactNode) => (
    <ConfirmLink
      confirm={confirm}
      item={{ intent, account }}
      to={usersHref(query, { ask: intent, user: account.userId })}
      variant={variant}
    >
      {label}
    </ConfirmLink>
  );
  const here = usersHref(query);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Users"
        description={
          provider === "supabase"
            ? `Accounts sign in with Supabase Auth; an account is listed here once it has signed in to this site (${total} in all).`
            : `Local accounts of this site, and anyone else with the administrator role (${total} in all).`
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <Field
          className="min-w-64 flex-1"
          label="Search by e-mail address"
          controlSize="compact"
          inputProps={{ id: "users-search", name: "q", type: "search", defaultValue: search, key: search }}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      <ActionRefusalAlert actionData={actionData} />
      <ConfirmableAction
        confirm={confirm}
        asked={question}
        question={(asked) => questionOf(asked, asked.account.userId === me, here)}
        cancelHref={here}
        busy={busy}
      />

      {accounts.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">
          {search ? "No account matches that address." : "No accounts yet."}
        </p>
      ) : (
        <TableScroll label="Accounts" minWidth="48rem">
          <table className="text-sm">
            <caption className="sr-only">Accounts</caption>
            <TableHead columns={["Account", "Role", "Created", "Last sign-in", "Active sessions", "Actions"]} />
            <tbody>
              {accounts.map((account) => {
                const self = account.userId === me;
                const name = nameOf(account);
                return (
                  <tr key={account.userId}>
                    <th scope="row" className="min-w-56 px-3 py-2 text-left font-medium">
                      <span className="break-all">{account.email ?? "Address unknown"}</span>
                      {self ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">you</span> : null}
                      <span className="block font-mono text-xs font-normal text-muted">{account.userId}</span>
                      <span className="block text-xs font-normal text-muted">
                        {account.local ? (account.selfRegistered ? "Local, signed up on the site" : "Local") : "Supabase Auth"}
                      </span>
                    </th>
                    <td className="px-3 py-2">
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${account.admin ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-800"}`}
                      >
                        {account.admin ? "Administrator" : "User"}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{when(account.createdAt)}</td>
                    <td className="whitespace-nowrap px-3 py-2">{when(account.lastSignInAt)}</td>
                    <td className="px-3 py-2">{account.activeSessions}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-2">
                        {account.admin ? (
                          self ? null : (
                            askLink(
                              USER_INTENT.revoke,
                              account,
                              "danger",
                              <>
                                Revoke admin<span className="sr-only"> of {name}</span>
                              </>,
                            )
                          )
                        ) : account.selfRegistered ? (
                          askLink(
                            USER_INTENT.grant,
                            account,
                            "secondary",
                            <>
                              Grant admin<span className="sr-only"> to {name}</span>
                            </>,
                          )
                        ) : (
                          <Form method="post" action={here}>
                            <input type="hidden" name="user" value={account.userId} />
                            <Button name="intent" value={USER_INTENT.grant} variant="secondary" size="sm" disabled={busy}>
                              Grant admin<span className="sr-only"> to {name}</span>
                            </Button>
                          </Form>
                        )}
                        {account.activeSessions > (self ? 1 : 0)
                          ? askLink(
                              USER_INTENT.endSessions,
                              account,
                              "danger",
                              self ? (
                                "End my other sessions"
                              ) : (
                                <>
                                  End sessions<span className="sr-only"> of {name}</span>
                                </>
                              ),
                            )
                          : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AdminPager label="Account pages" page={page} pageCount={pages} href={pageHrefs(query, "sida")} />
    </div>
  );
}

/** What each question asks, and its confirm button. */
function questionText(intent: UserIntent, account: Account, self: boolean): { heading: string; text: string; button: string } {
  const name = nameOf(account);
  switch (intent) {
    case USER_INTENT.grant:
      return {
        heading: `Make ${name} an administrator?`,
        text:
          "This account was made through the site's open sign-up form, which does not verify addresses: whoever signed it up " +
          "may not own the address. Grant the role only if you know the account is the right person's. Their sessions are " +
          "ended, so they sign in again.",
        button: "Yes, make administrator",
      };
    case USER_INTENT.revoke:
      return {
        heading: `Revoke the administrator role of ${name}?`,
        text: "They lose the back office at once, and every session of theirs is ended: they sign in again.",
        button: "Yes, revoke",
      };
    case USER_INTENT.endSessions:
      return self
        ? {
            heading: "End your other sessions?",
            text: "Every other browser or device signed in as you is signed out. This one stays signed in.",
            button: "Yes, end my other sessions",
          }
        : {
            heading: `End every session of ${name}?`,
            text: "They are signed out on every browser and device and must sign in again. Their role does not change.",
            button: "Yes, end sessions",
          };
  }
}

type Asked = { intent: UserIntent; account: Account };

/** The question before a change that signs someone out; its button posts the confirmed change. */
function questionOf({ intent, account }: Asked, self: boolean, action: string): ConfirmQuestion {
  return {
    ...questionText(intent, account, self),
    variant: intent === USER_INTENT.grant ? "primary" : "danger",
    action,
    intent,
    fields: { user: account.userId },
  };
}
