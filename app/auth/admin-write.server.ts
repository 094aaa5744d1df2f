/**
 * An administrator's write and the role check that allows it are one transaction (decision
 * 048): the write scope of an admin request begins, at its first write, by reading the
 * administrator's own `admin_users` row FOR SHARE. A revocation's DELETE of that row then waits
 * until the write in flight has committed, and a write that comes after a committed revocation
 * finds no row and is refused, whatever the request's earlier checks said.
 */
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { WriteScope } from "#app/db/write-scope.server.ts";

/** The administrator lost the role before their write could take its lock: nothing is written. */
export class AdminRoleGoneError extends Error {
  override name = "AdminRoleGoneError";
  constructor() {
    super("The administrator role was revoked before this write");
  }
}

/** A write scope whose transaction holds the administrator's role (a share lock on their row) until it ends. */
export function adminWriteScope(userId: string, db: Kysely<Database> = getAppDatabase().db): WriteScope {
  const roleRow = db.selectFrom("admin_users").select("user_id").where("user_id", "=", userId).forShare().compile();
  return new WriteScope(async (execute) => {
    const { rows } = await execute(roleRow);
    if (rows.length === 0) throw new AdminRoleGoneError();
  });
}
