CREATE TABLE "catalog_revision" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_revision_single_row" CHECK ("catalog_revision"."id")
);
