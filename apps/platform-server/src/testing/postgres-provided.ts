/** What the `postgres` project's globalSetup hands each test file (vitest `provide` / `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** The superuser URL of the run's cluster; absent where no globalSetup started one. */
    postgresUrl: string;
    /** "postgres" in the project whose servers run on the cluster (`testDatabase`); absent elsewhere. */
    testStore: "postgres";
  }
}

export {};
