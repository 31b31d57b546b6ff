-- Lowercase, accent-free text: the form both the typo vocabulary and the search terms are compared in.
CREATE FUNCTION search_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(unaccent('unaccent'::regdictionary, input)) $$;
--> statement-breakpoint
-- One typo: a wrong, missing or extra letter (Levenshtein distance 1) or two adjacent letters swapped,
-- which Levenshtein counts as 2.
CREATE FUNCTION within_one_typo(candidate text, term text) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  distance integer;
  i integer;
BEGIN
  IF abs(length(candidate) - length(term)) > 1 THEN
    RETURN false;
  END IF;
  distance := levenshtein_less_equal(candidate, term, 2);
  IF distance <= 1 THEN
    RETURN true;
  END IF;
  IF distance > 2 OR length(candidate) <> length(term) THEN
    RETURN false;
  END IF;
  FOR i IN 1 .. length(term) - 1 LOOP
    IF substr(term, i, 1) <> substr(candidate, i, 1) THEN
      RETURN substr(term, i, 1) = substr(candidate, i + 1, 1)
        AND substr(term, i + 1, 1) = substr(candidate, i, 1)
        AND substr(term, i + 2) = substr(candidate, i + 2);
    END IF;
  END LOOP;
  RETURN false;
END
$$;
--> statement-breakpoint
-- Keeps a product's search vector (name above category) and the typo vocabulary current on every write,
-- whoever writes: the seed, a future merchant back office or a migration.
CREATE FUNCTION products_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  category_name text;
BEGIN
  SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
  NEW.search_vector :=
    setweight(to_tsvector('es_unaccent', NEW.name), 'A') ||
    setweight(to_tsvector('es_unaccent', coalesce(category_name, '')), 'B');
  INSERT INTO search_words (word)
    SELECT DISTINCT word
    FROM regexp_split_to_table(search_normalize(NEW.name || ' ' || coalesce(category_name, '')), '[^a-z0-9]+') AS word
    WHERE length(word) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_refresh
  BEFORE INSERT OR UPDATE OF name, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
