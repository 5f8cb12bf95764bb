-- A site's adaptive (visitor) schema, a JSON Schema draft-07 document as the client sent it; null: the default.
ALTER TABLE site ADD COLUMN adaptive_schema text;
