import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { listQuery, nameOf, USER_INTENT, USER_INTENTS, usersHref } from "#app/admin/user-accounts.ts";
import { ACCOUNTS_PAGE_SIZE, changeAdminRole, endSessionsOf, findAccount, listAccounts, type Account } from "#app/auth/accounts.server.ts";
import { getAuthProvider } from "#app/auth/auth.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import type { UserSession } from "#app/auth/session.server.ts";
import { UserInputError, type RoleRule } from "#app/auth/users.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { confirmedField } from "#app/utils/action-fields.ts";
import { askFirst, dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { readPage } from "#app/utils/read-page.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { z } from "#app/utils/zod.ts";

export async function loadUsers(args: LoaderFunctionArgs) {
  const session = await requireAdmin(args);
  const params = args.url.searchParams;
  const query = listQuery(params);
  const search = query.get("q") ?? "";
  const page = readPage(params);
  // Without JavaScript, "Revoke" and "End sessions" open this page with ?ask=<intent>&user=<id>,
  // which asks first (with it the question is a dialog). An unknown account or question is ignored.
  const ask = z.enum(USER_INTENTS).safeParse(params.get("ask"));
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

/** A button's post: the account, and whether the question was answered. */
const accountPostSchema = z.object({
  user: z.string().refine(isUuid, "Not an account"),
  confirm: confirmedField,
});
type AccountPost = z.infer<typeof accountPostSchema>;

interface Context {
  session: UserSession;
  query: URLSearchParams;
}

export async function usersAction(args: ActionFunctionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, 4 * 1024);
  const context = { session, query: listQuery(args.url.searchParams) };
  return dispatchIntent(form, {
    [USER_INTENT.grant]: intent(accountPostSchema, (post) => grantRole(post, context)),
    [USER_INTENT.revoke]: intent(accountPostSchema, (post) => revokeRole(post, context)),
    [USER_INTENT.endSessions]: intent(accountPostSchema, (post) => endSessions(post, context)),
  });
}

/** The account a post names; a redirect with a flash when it no longer exists. */
async function accountOf(post: AccountPost, { query }: Context): Promise<Account | Response> {
  const account = await findAccount(post.user);
  return (
    account ??
    redirectWithFlash(usersHref(query), { title: "Error", description: "That account no longer exists.", variant: "destructive" })
  );
}

const askHref = (intent: string, post: AccountPost, { query }: Context) => usersHref(query, { ask: intent, user: post.user });

async function grantRole(post: AccountPost, context: Context) {
  const account = await accountOf(post, context);
  if (account instanceof Response) return account;
  // An unverified address is asked about first, as the command line asks for --promote-self-registered.
  if (account.selfRegistered && !account.admin) {
    const ask = askFirst(post.confirm, askHref(USER_INTENT.grant, post, context));
    if (ask) return ask;
  }
  return roleChange(account, true, context);
}

async function revokeRole(post: AccountPost, context: Context) {
  const account = await accountOf(post, context);
  if (account instanceof Response) return account;
  return askFirst(post.confirm, askHref(USER_INTENT.revoke, post, context)) ?? roleChange(account, false, context);
}

async function endSessions(post: AccountPost, context: Context) {
  const account = await accountOf(post, context);
  if (account instanceof Response) return account;
  const ask = askFirst(post.confirm, askHref(USER_INTENT.endSessions, post, context));
  if (ask) return ask;
  const { session, query } = context;
  const ended = await endSessionsOf(account.userId, session);
  const self = account.userId === session.user.id;
  return redirectWithFlash(usersHref(query), {
    title: "Sessions ended",
    description: self
      ? `${ended} of your other sessions ended; this one stays signed in.`
      : `${ended} ${ended === 1 ? "session" : "sessions"} of ${nameOf(account)} ended: they sign in again.`,
  });
}

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

async function roleChange(account: Account, admin: boolean, { session, query }: Context) {
  try {
    const result = await changeAdminRole(account.userId, admin, { by: session, promoteSelfRegistered: true });
    const sessions = result.endedSessions ? ` ${result.endedSessions} of their sessions ended: they sign in again.` : "";
    return redirectWithFlash(
      usersHref(query),
      admin
        ? {
            title: "Administrator role granted",
            description: `${nameOf(account)} is an administrator${result.changed ? "." : " already."}${sessions}`,
          }
        : { title: "Administrator role revoked", description: `${nameOf(account)} is no longer an administrator.${sessions}` },
    );
  } catch (error) {
    if (!(error instanceof UserInputError) || !error.rule) throw error;
    return redirectWithFlash(usersHref(query), { ...REFUSALS[error.rule], variant: "destructive" });
  }
}
