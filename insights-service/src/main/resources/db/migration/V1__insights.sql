-- Conversations as ingested: the id is the ingester's, unique within the organization. parts keeps the messages
-- as sent ({type, role, body}); processed_at is set once the worker has extracted the issues.
CREATE TABLE conversation (
    organization_id text        NOT NULL,
    id              text        NOT NULL,
    subject         text,
    source          text        NOT NULL,
    url             text,
    attributes      jsonb       NOT NULL,
    parts           jsonb       NOT NULL,
    created_at      timestamptz NOT NULL,
    ingested_at     timestamptz NOT NULL,
    processed_at    timestamptz,
    PRIMARY KEY (organization_id, id)
);
CREATE INDEX conversation_created ON conversation (organization_id, created_at, id);

-- Issues extracted from conversations. terms: the title and summary analysed (Lucene English analyzer) as
-- space-separated "stem/surface" pairs, the clustering's features. cluster_id is null while in no cluster.
CREATE TABLE conversation_issue (
    id              text PRIMARY KEY,
    organization_id text        NOT NULL,
    conversation_id text        NOT NULL,
    source          text        NOT NULL,
    title           text        NOT NULL,
    summary         text        NOT NULL,
    terms           text        NOT NULL,
    cluster_id      text,
    created_at      timestamptz NOT NULL,
    ingested_at     timestamptz NOT NULL
);
CREATE INDEX conversation_issue_created ON conversation_issue (organization_id, created_at, id);
CREATE INDEX conversation_issue_conversation ON conversation_issue (organization_id, conversation_id);
CREATE INDEX conversation_issue_cluster ON conversation_issue (cluster_id, created_at);

-- Clusters of issues. term_counts: stem -> number of member issues holding it (the centroid new issues are
-- compared with); issue_count and conversation_count are kept with the members.
CREATE TABLE issues_cluster (
    id                 text PRIMARY KEY,
    organization_id    text        NOT NULL,
    label              text        NOT NULL,
    summary            text        NOT NULL,
    icon               text        NOT NULL,
    example            text        NOT NULL,
    term_counts        jsonb       NOT NULL,
    issue_count        integer     NOT NULL,
    conversation_count integer     NOT NULL,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);
CREATE INDEX issues_cluster_updated ON issues_cluster (organization_id, updated_at, id);
CREATE INDEX issues_cluster_created ON issues_cluster (organization_id, created_at, id);
CREATE INDEX issues_cluster_issues ON issues_cluster (organization_id, issue_count, id);

-- Per organization: document frequency of each stem over its issues (the IDF of incremental joins), and when the
-- issues last changed and were last clustered in full (the scheduled recompute takes organizations changed since).
CREATE TABLE term_stat (
    organization_id text    NOT NULL,
    term            text    NOT NULL,
    df              integer NOT NULL,
    PRIMARY KEY (organization_id, term)
);
CREATE TABLE clustering_state (
    organization_id text PRIMARY KEY,
    issues          integer     NOT NULL,
    changed_at      timestamptz NOT NULL,
    clustered_at    timestamptz
);

-- The Docs agent's instructions of an organization, as markdown.
CREATE TABLE agent_instructions (
    organization_id text PRIMARY KEY,
    markdown        text        NOT NULL,
    updated_at      timestamptz NOT NULL,
    updated_by      text        NOT NULL
);

-- Translations of a space into another language, and the pages each has translated (source page -> the hash of
-- the markdown translated, so a later run translates only what changed).
CREATE TABLE translation (
    id                  text PRIMARY KEY,
    organization_id     text        NOT NULL,
    status              text        NOT NULL,
    source_space        text        NOT NULL,
    source_language     text        NOT NULL,
    language            text        NOT NULL,
    instructions        text        NOT NULL,
    result_space        text,
    result_revision     text,
    runs                integer     NOT NULL,
    total_words         integer     NOT NULL,
    total_pages         integer     NOT NULL,
    total_duration      integer     NOT NULL,
    latest_run_duration integer     NOT NULL,
    latest_pages        integer     NOT NULL,
    latest_words        integer     NOT NULL,
    last_error          text,
    created_by          text        NOT NULL,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX translation_created ON translation (organization_id, created_at, id);
CREATE TABLE translation_page (
    translation_id text NOT NULL REFERENCES translation (id) ON DELETE CASCADE,
    source_path    text NOT NULL,
    source_hash    text NOT NULL,
    PRIMARY KEY (translation_id, source_path)
);
