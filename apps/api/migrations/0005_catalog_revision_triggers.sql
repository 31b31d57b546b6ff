INSERT INTO catalog_revision (id, revision) VALUES (true, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Statement-level: a seed that writes 300 products bumps the revision once per statement, not per row.
CREATE FUNCTION bump_catalog_revision() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE catalog_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER categories_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER stores_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER store_cities_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER cities_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
