/** vitest globalSetup of the `postgres` project: one throwaway cluster for the whole run; each test gets its own schema (test-store.ts). */
import type { TestProject } from "vitest/node";
import { startTestCluster } from "./postgres-cluster.js";
import "./postgres-provided.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startTestCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
