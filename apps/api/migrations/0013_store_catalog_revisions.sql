CREATE TABLE "store_catalog_revisions" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paced_request_slots" (
	"origin" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_version" bigint DEFAULT 0 NOT NULL;
-- h8-scale (issue 20, decision 037): per-store catalog revisions; stock apart from the global revision.
-- Hand-written: append after the generated migration that adds store_catalog_revisions and
-- products.stock_version. Before this, one statement trigger bumped the single catalog_revision row on every
-- products write, stock included: every checkout of every instance queued on that row and every order
-- invalidated every instance's whole catalog cache and ETag.
--
-- Now:
-- * a stock change counts on its own row (products.stock_version + 1): no shared row for checkouts;
-- * any other write to a store's products or categories bumps that store's row in store_catalog_revisions;
-- * catalog_revision (global) still moves with stores, store_cities and cities (which stores a city sees),
--   and with a TRUNCATE of products or categories.
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_bump_catalog_revision ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS categories_bump_catalog_revision ON categories;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalog_revision AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER categories_bump_catalog_revision AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE FUNCTION products_count_stock_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.stock_version := OLD.stock_version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_stock_change BEFORE UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION products_count_stock_change();
--> statement-breakpoint
-- One statement bumps each store it touched once, in store-id order (two merchants' writes never cycle).
CREATE FUNCTION bump_store_catalog_revisions(store_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO store_catalog_revisions (store_id, revision)
    SELECT DISTINCT id, 1 FROM unnest(store_ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (store_id) DO UPDATE SET revision = store_catalog_revisions.revision + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION bump_store_revisions_of_added_or_removed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_store_catalog_revisions(ARRAY(SELECT store_id FROM changed_rows));
  ELSE
    PERFORM bump_store_catalog_revisions(ARRAY(SELECT store_id FROM removed_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An updated row counts unless it is a stock move and nothing else: to_jsonb compares every column, so a
-- column added later counts without touching this function, and an update that leaves stock alone always
-- counts (even one that changes nothing: writing a row is how a script asks caches to reload).
CREATE FUNCTION bump_store_revisions_of_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM bump_store_catalog_revisions(ARRAY(
    SELECT unnest(ARRAY[o.store_id, n.store_id])
    FROM removed_rows o JOIN changed_rows n ON n.id = o.id
    WHERE (to_jsonb(o) -> 'stock') IS NOT DISTINCT FROM (to_jsonb(n) -> 'stock')
      OR (to_jsonb(o) - 'stock' - 'stock_version') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'stock_version')
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_bump_store_revision_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_store_revisions_of_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER products_bump_store_revision_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_store_revisions_of_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER products_bump_store_revision_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_store_revisions_of_updated();
--> statement-breakpoint
CREATE TRIGGER categories_bump_store_revision_insert AFTER INSERT ON categories
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_store_revisions_of_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER categories_bump_store_revision_delete AFTER DELETE ON categories
  REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_store_revisions_of_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER categories_bump_store_revision_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS removed_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_store_revisions_of_updated();
