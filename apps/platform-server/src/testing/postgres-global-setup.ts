/** vitest globalSetup of the `postgres` project: one throwaway cluster for the whole run; each test gets its own schema (test-store.ts). */
import type { TestProject } from "vitest/node";
import { startTestCluster } from "./postgres-cluster.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The superuser URL of the run's cluster; absent in the `sqlite` project. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startTestCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
