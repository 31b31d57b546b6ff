-- Search is built in the database so that it behaves the same on PGlite and PostgreSQL:
-- Spanish stemming with accents folded (unaccent), trigram similarity (pg_trgm) and edit distance
-- (fuzzystrmatch) for typo tolerance.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION es_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
