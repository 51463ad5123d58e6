/** What the `postgres` project's globalSetup hands each test file (vitest `provide` / `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** The superuser URL of the run's cluster; absent in the other projects. */
    postgresUrl: string;
  }
}

export {};
