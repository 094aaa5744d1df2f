/**
 * Write scopes (decision 048) on both databases: everything a scope writes is one transaction
 * that begins with its guard, the data modules' own transactions inside it are savepoints, a
 * failed statement undoes itself only, a refused guard writes nothing, statements running side
 * by side in one scope do not deadlock (PGlite has one connection), and work after the end runs
 * on its own again.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { afterCommit, WriteScope } from "#app/db/write-scope.server.ts";
import { testDatabases } from "#tests/db.ts";

describe.each(testDatabases())("write scopes ($name)", (database) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
  });
  afterAll(async () => {
    await handle.close();
  });

  const names = async () => (await db.selectFrom("contact_messages").select("name").orderBy("name").execute()).map((row) => row.name);
  const message = (name: string) => ({ name, email: "a@b.se", message: "Ett meddelande som är långt nog för tabellens regel." });
  const guarded = (log: string[], allow = true) =>
    new WriteScope(async (execute) => {
      log.push("guard");
      await execute(sql`select 1`.compile(db));
      if (!allow) throw new Error("refused");
    });

  it("commits all of its writes, its nested transactions included, and runs what waits for the commit after it", async () => {
    const log: string[] = [];
    const scope = guarded(log);
    await scope.run(async () => {
      expect(await names()).toEqual([]);
      expect(scope.began).toBe(false); // a read begins nothing
      await db.insertInto("contact_messages").values(message("ett")).execute();
      // Side by side, each with a transaction of its own: savepoints that take turns.
      await Promise.all(
        ["två", "tre"].map((name) =>
          db.transaction().execute(async (trx) => {
            await trx.insertInto("contact_messages").values(message(name)).execute();
          }),
        ),
      );
      afterCommit(() => log.push("after commit"));
    });
    expect(log).toEqual(["guard"]);
    await scope.end("commit");
    expect(log).toEqual(["guard", "after commit"]);
    expect(await names()).toEqual(["ett", "tre", "två"]);
    await db.deleteFrom("contact_messages").execute();
  });

  it("undoes a failed statement alone, and everything when rolled back", async () => {
    const scope = guarded([]);
    await scope.run(async () => {
      await db.insertInto("contact_messages").values(message("kvar")).execute();
      await expect(sql`select 1 / 0`.execute(db)).rejects.toThrow(/division by zero/);
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto("contact_messages").values(message("ångrad")).execute();
          throw new Error("ångra");
        }),
      ).rejects.toThrow("ångra");
      await db.insertInto("contact_messages").values(message("också kvar")).execute();
    });
    await scope.end("commit");
    expect(await names()).toEqual(["också kvar", "kvar"].sort());
    const undone = guarded([]);
    await undone.run(() => db.deleteFrom("contact_messages").execute());
    await undone.end("rollback");
    expect(await names()).toHaveLength(2);
    await db.deleteFrom("contact_messages").execute();
  });

  it("writes nothing when its guard refuses, and lets work after its end run on its own", async () => {
    const scope = guarded([], false);
    let later: Promise<unknown> = Promise.resolve();
    await scope.run(async () => {
      await expect(db.insertInto("contact_messages").values(message("nej")).execute()).rejects.toThrow("refused");
      await expect(db.insertInto("contact_messages").values(message("nej igen")).execute()).rejects.toThrow("refused");
      // Background work of the scope that writes once it has ended.
      later = new Promise((resolve) => setImmediate(resolve)).then(() =>
        db.insertInto("contact_messages").values(message("sen")).execute(),
      );
    });
    expect(scope.refusal).toBeInstanceOf(Error);
    await scope.end("rollback");
    await later;
    expect(await names()).toEqual(["sen"]);
    await db.deleteFrom("contact_messages").execute();
  });
});
