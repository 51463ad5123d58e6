/**
 * Which store the tests run on: the `sqlite` project gives no database (the embedded default),
 * the `postgres` project (it provides `testStore`) a fresh schema of the run's cluster per test, so tests never see each
 * other's rows. Every call within one test gives the same schema, so a server restarted in a
 * test finds its data.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, inject } from "vitest";
import "./postgres-provided.js";

let current: Promise<string> | null = null;
afterEach(() => {
  current = null;
});

/** The run's cluster, or undefined on the embedded store. */
export function clusterUrl(): string | undefined {
  return inject("postgresUrl");
}

/** True in the `postgres` project. */
export const onPostgres = (): boolean => inject("testStore") === "postgres";

/** A URL of a new, empty schema of the cluster (its search_path), for one more database than the test's own. */
export async function freshSchemaUrl(): Promise<string> {
  const base = clusterUrl();
  if (!base) throw new Error("freshSchemaUrl needs the test PostgreSQL: a project with src/testing/postgres-global-setup.ts as its globalSetup");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/** The test's database URL (made on first use), or undefined on the embedded store. */
export function testDatabase(): Promise<string | undefined> {
  if (!onPostgres()) return Promise.resolve(undefined);
  return (current ??= freshSchemaUrl());
}
