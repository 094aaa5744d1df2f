/**
 * The users screen's words shared by its page and its action: what its buttons ask for, and the
 * list's own query (search and page), which every answer keeps.
 */
import { href } from "react-router";
import type { Account } from "#app/auth/accounts.server.ts";
import { readPage } from "#app/utils/read-page.ts";

export const USER_INTENT = { grant: "grant", revoke: "revoke", endSessions: "end-sessions" } as const;
export type UserIntent = (typeof USER_INTENT)[keyof typeof USER_INTENT];
export const USER_INTENTS = [USER_INTENT.grant, USER_INTENT.revoke, USER_INTENT.endSessions] as const;

/** The list's search and page from the address, cleaned. */
export function listQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  // Control characters (a NUL) are no part of an address, and PostgreSQL text cannot hold a NUL.
  const search = (params.get("q") ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  if (search) query.set("q", search);
  const page = readPage(params);
  if (page > 1) query.set("sida", String(page));
  return query;
}

/** The screen with the list's query, and more parameters (the question to ask). */
export function usersHref(query: URLSearchParams, extra: Record<string, string> = {}): string {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(extra)) next.set(key, value);
  const search = next.toString();
  return search ? `${href("/admin/users")}?${search}` : href("/admin/users");
}

export const nameOf = (account: Pick<Account, "email" | "userId">) => account.email ?? `the user ${account.userId}`;
