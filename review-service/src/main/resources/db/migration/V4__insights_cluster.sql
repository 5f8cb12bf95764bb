-- insights-service's issues clusters as its events (bindery.insights.events) last described them: PATCH checks a
-- change request's conversationsIssuesCluster against it. A deleted cluster stays, marked, so a late update of it
-- cannot bring it back.
CREATE TABLE insights_cluster (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    deleted BOOLEAN NOT NULL DEFAULT false,
    updated_at TIMESTAMPTZ NOT NULL
);

-- a deleted cluster's change requests are found and cleared through it
CREATE INDEX change_request_issues_cluster ON change_request (conversations_issues_cluster)
    WHERE conversations_issues_cluster IS NOT NULL;
