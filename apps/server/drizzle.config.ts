import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; the app applies it itself at start-up (see src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
