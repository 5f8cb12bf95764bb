-- When the adaptive schema was last replaced (SiteAdaptiveSchema.updatedAt); null: never, the site's creation time shows.
ALTER TABLE site ADD COLUMN adaptive_schema_updated_at timestamptz;
