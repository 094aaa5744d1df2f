import type { ReactNode } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "#app/utils/zod.ts";
import { TableHead, TableScroll } from "#app/components/ui/table.tsx";
import type { Route } from "./+types/admin.users";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { ACCOUNTS_PAGE_SIZE, changeAdminRole, endSessionsOf, findAccount, listAccounts, type Account } from "#app/auth/accounts.server.ts";
import { getAuthProvider } from "#app/auth/auth.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import type { UserSession } from "#app/auth/session.server.ts";
import { UserInputError, type RoleRule } from "#app/auth/users.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { ConfirmDialog, useConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Button, buttonClassName, type ButtonVariant } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/forms.tsx";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { adminDateTime } from "#app/utils/format.ts";
import { isUuid } from "#app/utils/uuid.ts";

export function meta() {
  return adminMeta("Users");
}

const SCREEN = "/admin/users";

/** What the buttons of this screen ask for. */
const INTENT = { grant: "grant", revoke: "revoke", endSessions: "end-sessions" } as const;
type Intent = (typeof INTENT)[keyof typeof INTENT];

/** The value of a confirmation's hidden field: revoking and ending sessions without it are asked about first. */
const CONFIRMED = "yes";

const userPostSchema = z.object({
  intent: z.enum([INTENT.grant, INTENT.revoke, INTENT.endSessions]),
  user: z.string().refine(isUuid, "Not an account"),
  confirm: z.literal(CONFIRMED).optional().catch(undefined),
});

/** The list's own query (search and page), which every answer keeps. */
function listQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  // Control characters (a NUL) are no part of an address, and PostgreSQL text cannot hold a NUL.
  const search = (params.get("q") ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  if (search) query.set("q", search);
  const page = pageOf(params);
  if (page > 1) query.set("sida", String(page));
  return query;
}

const pageOf = (params: URLSearchParams) => Math.max(1, Math.min(10_000, Number.parseInt(params.get("sida") ?? "1", 10) || 1));

const withQuery = (query: URLSearchParams, extra: Record<string, string> = {}) => {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(extra)) next.set(key, value);
  const search = next.toString();
  return search ? `${SCREEN}?${search}` : SCREEN;
};

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const params = args.url.searchParams;
  const query = listQuery(params);
  const search = query.get("q") ?? "";
  const page = pageOf(params);
  // Without JavaScript, "Revoke" and "End sessions" open this page with ?ask=<intent>&user=<id>,
  // which asks first (with it the question is a dialog). An unknown account or question is ignored.
  const ask = z.enum([INTENT.grant, INTENT.revoke, INTENT.endSessions]).safeParse(params.get("ask"));
  const askedUser = params.get("user");
  const [{ accounts, total }, asked] = await Promise.all([
    listAccounts({ search, page }),
    ask.success && askedUser && isUuid(askedUser) ? findAccount(askedUser) : null,
  ]);
  return {
    accounts,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE)),
    search,
    query: query.toString(),
    me: session.user.id,
    provider: getAuthProvider().name,
    question: asked && ask.success ? { intent: ask.data, account: asked } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, 4 * 1024);
  const submission = parseWithZod(form, { schema: userPostSchema, disableAutoCoercion: true });
  // Only a hand-made post names no known intent or no account: it is refused, nothing changes.
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { intent, user, confirm } = submission.value;
  const query = listQuery(args.url.searchParams);
  const account = await findAccount(user);
  if (!account)
    return redirectWithFlash(withQuery(query), { title: "Error", description: "That account no longer exists.", variant: "destructive" });
  const ask = () => redirect(withQuery(query, { ask: intent, user }));
  switch (intent) {
    case INTENT.grant:
      // An unverified address is asked about first, as the command line asks for --promote-self-registered.
      if (account.selfRegistered && !account.admin && confirm !== CONFIRMED) return ask();
      return grantRole(account, session, query);
    case INTENT.revoke:
      if (confirm !== CONFIRMED) return ask();
      return revokeRole(account, session, query);
    case INTENT.endSessions:
      if (confirm !== CONFIRMED) return ask();
      return endSessions(account, session, query);
  }
}

const nameOf = (account: Account) => account.email ?? `the user ${account.userId}`;

/** The administrator's words for each rule that refuses a change of role (the title is what the audit log keeps). */
const REFUSALS: Record<RoleRule, { title: string; description: string }> = {
  "self-registered": {
    title: "Not confirmed",
    description: "This account was made through the open sign-up form: confirm that it is the right person's first.",
  },
  "unknown-user": { title: "Unknown account", description: "That account no longer exists." },
  "self-revoke": { title: "Own role kept", description: "You cannot revoke your own administrator role: ask another administrator." },
  "last-admin": { title: "Last administrator kept", description: "This is the only administrator: grant the role to someone else first." },
};

async function roleChange(account: Account, admin: boolean, session: UserSession, query: URLSearchParams) {
  try {
    const result = await changeAdminRole(account.userId, admin, { by: session, promoteSelfRegistered: true });
    const sessions = result.endedSessions ? ` ${result.endedSessions} of their sessions ended: they sign in again.` : "";
    return redirectWithFlash(
      withQuery(query),
      admin
        ? {
            title: "Administrator role granted",
            description: `${nameOf(account)} is an administrator${result.changed ? "." : " already."}${sessions}`,
          }
        : { title: "Administrator role revoked", description: `${nameOf(account)} is no longer an administrator.${sessions}` },
    );
  } catch (error) {
    if (!(error instanceof UserInputError) || !error.rule) throw error;
    return redirectWithFlash(withQuery(query), { ...REFUSALS[error.rule], variant: "destructive" });
  }
}

function grantRole(account: Account, session: UserSession, query: URLSearchParams) {
  return roleChange(account, true, session, query);
}

function revokeRole(account: Account, session: UserSession, query: URLSearchParams) {
  return roleChange(account, false, session, query);
}

async function endSessions(account: Account, session: UserSession, query: URLSearchParams) {
  const ended = await endSessionsOf(account.userId, session);
  const self = account.userId === session.user.id;
  return redirectWithFlash(withQuery(query), {
    title: "Sessions ended",
    description: self
      ? `${ended} of your other sessions ended; this one stays signed in.`
      : `${ended} ${ended === 1 ? "session" : "sessions"} of ${nameOf(account)} ended: they sign in again.`,
  });
}

const when = (date: Date | null) => (date ? adminDateTime.format(date) : "—");

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { accounts, total, page, pages, search, me, provider, question } = loaderData;
  const query = new URLSearchParams(loaderData.query);
  const busy = useNavigation().state === "submitting";
  const confirm = useConfirmDialog<{ intent: Intent; account: Account }>();
  // The question's own page without JavaScript; with it, the dialog.
  const askLink = (intent: Intent, account: Account, variant: ButtonVariant, label: ReactNode) => (
    <Link
      to={withQuery(query, { ask: intent, user: account.userId })}
      onClick={confirm.ask({ intent, account })}
      className={buttonClassName({ variant, size: "sm" })}
    >
      {label}
    </Link>
  );
  const here = withQuery(query);

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

      {question ? (
        <section
          role="alertdialog"
          aria-labelledby="question-heading"
          aria-describedby="question-text"
          className="rounded-lg border border-red-300 bg-red-50 p-5"
        >
          <Question
            intent={question.intent}
            account={question.account}
            self={question.account.userId === me}
            busy={busy}
            action={here}
            cancel={
              <Link to={here} className={buttonClassName({ variant: "secondary" })}>
                Cancel
              </Link>
            }
          />
        </section>
      ) : null}

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
                              INTENT.revoke,
                              account,
                              "danger",
                              <>
                                Revoke admin<span className="sr-only"> of {name}</span>
                              </>,
                            )
                          )
                        ) : account.selfRegistered ? (
                          askLink(
                            INTENT.grant,
                            account,
                            "secondary",
                            <>
                              Grant admin<span className="sr-only"> to {name}</span>
                            </>,
                          )
                        ) : (
                          <Form method="post" action={here}>
                            <input type="hidden" name="user" value={account.userId} />
                            <Button name="intent" value={INTENT.grant} variant="secondary" size="sm" disabled={busy}>
                              Grant admin<span className="sr-only"> to {name}</span>
                            </Button>
                          </Form>
                        )}
                        {account.activeSessions > (self ? 1 : 0)
                          ? askLink(
                              INTENT.endSessions,
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

      <ConfirmDialog confirm={confirm} labelledBy="question-heading" describedBy="question-text">
        {(pending) => (
          <Question
            intent={pending.intent}
            account={pending.account}
            self={pending.account.userId === me}
            busy={busy}
            action={here}
            onSubmit={confirm.close}
            cancel={
              <Button type="button" variant="secondary" onClick={confirm.close}>
                Cancel
              </Button>
            }
          />
        )}
      </ConfirmDialog>
    </div>
  );
}

/** What each question asks, and its confirm button. */
function questionText(intent: Intent, account: Account, self: boolean): { heading: string; text: string; button: string } {
  const name = nameOf(account);
  switch (intent) {
    case INTENT.grant:
      return {
        heading: `Make ${name} an administrator?`,
        text:
          "This account was made through the site's open sign-up form, which does not verify addresses: whoever signed it up " +
          "may not own the address. Grant the role only if you know the account is the right person's. Their sessions are " +
          "ended, so they sign in again.",
        button: "Yes, make administrator",
      };
    case INTENT.revoke:
      return {
        heading: `Revoke the administrator role of ${name}?`,
        text: "They lose the back office at once, and every session of theirs is ended: they sign in again.",
        button: "Yes, revoke",
      };
    case INTENT.endSessions:
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

/** Asks before a change that signs someone out; its button posts the confirmed change. */
function Question({
  intent,
  account,
  self,
  busy,
  action,
  cancel,
  onSubmit,
}: {
  intent: Intent;
  account: Account;
  self: boolean;
  busy: boolean;
  action: string;
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  const { heading, text, button } = questionText(intent, account, self);
  return (
    <>
      <h2 id="question-heading" className="text-lg font-semibold">
        {heading}
      </h2>
      <p id="question-text" className="mt-1 text-sm">
        {text}
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-3" onSubmit={onSubmit}>
        <input type="hidden" name="user" value={account.userId} />
        <input type="hidden" name="confirm" value={CONFIRMED} />
        {cancel}
        <Button type="submit" name="intent" value={intent} disabled={busy} variant={intent === INTENT.grant ? "primary" : "danger"}>
          {button}
        </Button>
      </Form>
    </>
  );
}
