-- The key a site's owner signs visitor tokens with (HS256) for a visitor-auth site: created with the site, shown
-- by GET …/publishing/auth, replaced by …/publishing/auth/regenerate. Sites made before this column get theirs the
-- first time it is read.
ALTER TABLE site ADD COLUMN visitor_key text;
