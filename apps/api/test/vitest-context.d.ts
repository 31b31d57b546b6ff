// What global-setup.ts provides to every test file through inject().
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a gzipped data directory, migrated and seeded. PostgreSQL: template database name. */
    databaseTemplate: string;
  }
}
