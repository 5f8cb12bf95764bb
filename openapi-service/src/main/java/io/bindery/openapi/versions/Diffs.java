package io.bindery.openapi.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The diff of two version summaries (pure: unit-tested without Quarkus). */
public final class Diffs {
    private Diffs() {
    }

    public static DiffView diff(String versionId, Summary now, String againstId, Summary before) {
        List<DiffView.OperationChange> added = new ArrayList<>();
        List<DiffView.OperationChange> removed = new ArrayList<>();
        List<DiffView.OperationChange> changed = new ArrayList<>();
        int breaking = 0;
        for (Map.Entry<String, Summary.Op> e : before.operations().entrySet()) {
            if (!now.operations().containsKey(e.getKey())) {
                removed.add(change(e.getKey(), e.getValue(), true, List.of(new DiffView.Change("operation-removed",
                        e.getKey() + " was removed", true))));
                breaking++;
            }
        }
        for (Map.Entry<String, Summary.Op> e : now.operations().entrySet()) {
            Summary.Op old = before.operations().get(e.getKey());
            if (old == null) {
                added.add(change(e.getKey(), e.getValue(), false, List.of(new DiffView.Change("operation-added",
                        e.getKey() + " was added", false))));
                continue;
            }
            List<DiffView.Change> changes = changes(old, e.getValue());
            if (!changes.isEmpty()) {
                boolean breaks = changes.stream().anyMatch(DiffView.Change::breaking);
                breaking += (int) changes.stream().filter(DiffView.Change::breaking).count();
                changed.add(change(e.getKey(), e.getValue(), breaks, changes));
            }
        }
        List<String> schemasAdded = new ArrayList<>();
        List<String> schemasRemoved = new ArrayList<>();
        List<String> schemasChanged = new ArrayList<>();
        before.schemas().forEach((name, hash) -> {
            if (!now.schemas().containsKey(name)) {
                schemasRemoved.add(name);
            } else if (!now.schemas().get(name).equals(hash)) {
                schemasChanged.add(name);
            }
        });
        now.schemas().keySet().stream().filter(name -> !before.schemas().containsKey(name)).forEach(schemasAdded::add);
        return new DiffView("openapi-spec-version-diff", versionId, againstId, breaking > 0, breaking,
                new DiffView.Operations(added, removed, changed),
                new DiffView.Schemas(schemasAdded, schemasRemoved, schemasChanged));
    }

    static List<DiffView.Change> changes(Summary.Op old, Summary.Op now) {
        List<DiffView.Change> out = new ArrayList<>();
        if (old.operationId() != null && !old.operationId().equals(now.operationId())) {
            out.add(new DiffView.Change("operation-id-changed", "operationId " + old.operationId() + " became "
                    + now.operationId(), false));
        }
        for (String p : now.requiredParameters()) {
            if (!old.requiredParameters().contains(p)) {
                out.add(new DiffView.Change("parameter-required", (p.equals("body") ? "the request body" : "parameter " + p)
                        + " is now required", true));
            }
        }
        for (String p : old.requiredParameters()) {
            if (!now.requiredParameters().contains(p)) {
                out.add(new DiffView.Change("parameter-optional", (p.equals("body") ? "the request body" : "parameter " + p)
                        + " is no longer required", false));
            }
        }
        TreeSet<String> statuses = new TreeSet<>(old.responses().keySet());
        statuses.addAll(now.responses().keySet());
        for (String status : statuses) {
            List<String> a = old.responses().get(status);
            List<String> b = now.responses().get(status);
            if (a == null) {
                out.add(new DiffView.Change("response-added", "response " + status + " was added", false));
            } else if (b == null) {
                boolean success = status.startsWith("2");
                out.add(new DiffView.Change("response-removed", "response " + status + " was removed", success));
            } else if (!a.equals(b)) {
                out.add(new DiffView.Change("response-type-changed", "response " + status + " changed from "
                        + (a.isEmpty() ? "no content" : String.join(", ", a)) + " to "
                        + (b.isEmpty() ? "no content" : String.join(", ", b)), true));
            }
        }
        return out;
    }

    private static DiffView.OperationChange change(String key, Summary.Op op, boolean breaking, List<DiffView.Change> changes) {
        int space = key.indexOf(' ');
        return new DiffView.OperationChange(key.substring(0, space), key.substring(space + 1), op.operationId(),
                breaking, changes);
    }
}
