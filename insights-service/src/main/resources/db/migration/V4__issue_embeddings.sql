-- Issues by meaning (issue 33). embedding: the issue's sentence embedding (the embedding model's vector as
-- little-endian float32), what clustering compares; null for an issue extracted before, which the next full
-- recompute embeds from its title.
ALTER TABLE conversation_issue ADD COLUMN embedding bytea;
-- centroid: the sum of the members' embeddings, as above; a new issue joins the cluster whose centroid is nearest.
ALTER TABLE issues_cluster ADD COLUMN centroid bytea;
