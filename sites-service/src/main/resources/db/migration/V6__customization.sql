-- A site's customization as last PUT (JSON text); null: the defaults (resources/customization/defaults.json).
ALTER TABLE site ADD COLUMN customization text;
