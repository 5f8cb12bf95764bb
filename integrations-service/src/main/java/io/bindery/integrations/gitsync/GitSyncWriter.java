package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.RevisionFiles;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.review.ReviewChangeRequestsApi;
import io.bindery.contracts.review.ReviewMergesApi;
import io.bindery.document.MarkdownLinks;
import io.bindery.document.Slugs;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes an imported {@link SpaceSnapshot} into a space through one change request, acting for a member (the one who
 * asked for the import, or who set the sync up) through review's and content's internal APIs with integrations'
 * service token, so no user's token is kept: the change request is opened in review for its author (checked: the
 * author may open one there), its content written on the branch with content's batch write, and merged by review as
 * the acting member, through the path a member's own merge takes (their role, the space's lock and merge rules);
 * content's three-way merge refuses a conflict, and the change request then stays open with both sides intact.
 * Pages are matched to the space's by path (kept, so their ids,
 * comments and links survive), new ones inserted, pages the repository no longer has deleted. Batches are of at
 * most 50 changes (content's limit), so the tree is written first, then every page's markdown with its links
 * pointing at the pages' ids. Files are matched by name and size; those Git removed are deleted ({@code delete_files}).
 */
@ApplicationScoped
public class GitSyncWriter {
    static final String REVIEW = "review-service";
    static final int MAX_CHANGES = 50;
    static final int MAX_FILES = 20;
    static final int MAX_FILE_BYTES = 1024 * 1024;
    /** The base64 of one batch of files kept under content's request size limit (10 MB). */
    static final int MAX_BATCH_BYTES = 5 * 1024 * 1024;
    private static final Pattern PAGE_LINK = Pattern.compile("/pages/([^#]+)(#.*)?");
    private static final Pattern FILE_LINK = Pattern.compile("/files/(.+)");

    @Inject
    IntegrationsConfig config;
    @Inject
    ObjectMapper json;

    @Inject
    ServiceTokens serviceTokens;

    GitBranchApi content;
    GitReviewApi review;
    GitMergeApi merges;

    @PostConstruct
    void build() {
        // a batch of files or a merge of a large import takes longer than a read
        content = InternalClients.build(GitBranchApi.class, GitSyncContent.SERVICE, config.contentUrl(),
                config.internalCallConnectTimeout(), config.internalCallTimeout().multipliedBy(6));
        review = InternalClients.build(GitReviewApi.class, REVIEW, config.gitSync().reviewUrl(),
                config.internalCallConnectTimeout(), config.internalCallTimeout());
        merges = InternalClients.build(GitMergeApi.class, REVIEW, config.gitSync().reviewUrl(),
                config.internalCallConnectTimeout(), config.internalCallTimeout().multipliedBy(6));
    }

    /** What an import left: its change request and, when it merged, the revision. */
    public record Written(String changeRequest, int number, String revision) {
    }

    /** An import's change request that holds the import but did not merge (a conflict, a merge rule). */
    public static final class NotMerged extends GitRepositories.GitFailure {
        final Written written;

        NotMerged(Written written, String message) {
            super(message);
            this.written = written;
        }
    }

    /** A full import of {@code snapshot}, authored and merged by {@code actingUser}, from the current revision. */
    public Written write(String spaceId, String actingUser, SpaceSnapshot snapshot, String subject) {
        return write(spaceId, actingUser, snapshot, subject, null, null, null);
    }

    /**
     * Writes {@code snapshot}; with a {@code base} (the snapshot of the commit last synced), only what changed in Git
     * since it: pages whose place, title, description or markdown Git did not change are left as the space has them,
     * and only pages Git removed are deleted, so edits made in Bindery meanwhile are not reverted. The change request
     * is authored by {@code author} (a member's id), or by {@code actingUser} when null, and started from
     * {@code from}, the space's revision last in step with {@code base} (null: the current one). It is merged as
     * {@code actingUser} either way.
     * Starting from {@code from} is what keeps both sides: the merge is then three-way against what the space did
     * since, so a page edited in Bindery and in Git is a conflict that leaves the change request open, where a change
     * request started from the current revision would overwrite Bindery's edit with Git's.
     */
    public Written write(String spaceId, String actingUser, SpaceSnapshot snapshot, String subject, SpaceSnapshot base,
                         String author, String from) {
        String authoredBy = author != null ? author : actingUser;
        ReviewChangeRequestsApi.OpenedChangeRequest cr = call(REVIEW, a -> review.open(a, spaceId,
                new ReviewChangeRequestsApi.OpenChangeRequest(authoredBy, subject, from)));
        try {
            Run run = new Run(spaceId, cr.id(), authoredBy, base);
            Map<String, String> fileIds = run.files(snapshot.files());
            run.deleteFiles(snapshot.files(), base == null ? null : base.files());
            run.structure(snapshot.pages());
            run.markdown(fileIds);
        } catch (ApiException e) {
            throw new GitRepositories.GitFailure("the import's change request #" + cr.number() + " was left open: "
                    + e.getMessage());
        }
        try {
            ReviewMergesApi.Merged merged = call(REVIEW, a -> merges.merge(a, spaceId, cr.id(),
                    new ReviewMergesApi.Merge(actingUser)));
            return new Written(cr.id(), cr.number(), merged.revision());
        } catch (ApiException e) {
            throw new NotMerged(new Written(cr.id(), cr.number(), null), "change request #" + cr.number()
                    + " holds the import but did not merge (" + e.status() + "): " + e.getMessage());
        }
    }

    /** Where an imported page is placed: under its parent's placement (null: the root), at {@code index}. */
    private static final class Placement {
        final SpaceSnapshot.Page page;
        final Placement parent;
        final int index;
        String ref;
        String contentId;
        /** Git did not change its place or fields since the base. */
        boolean unchanged;
        /** The space had it as another kind (a group Git now has as a page, say): its text is written whatever the base. */
        boolean kindChanged;

        Placement(SpaceSnapshot.Page page, Placement parent, int index) {
            this.page = page;
            this.parent = parent;
            this.index = index;
        }
    }

    private final class Run {
        final String spaceId;
        final String cr;
        /** Who the batches are written for: the change request's author. */
        final String author;
        final List<Placement> placements = new ArrayList<>();
        ArrayNode batch = json.createArrayNode();
        int refs;
        /** The base's pages by path: where each was and what it held (null: a full import). */
        final Map<String, String> basePlaces;
        final Map<String, String> baseMarkdown;

        Run(String spaceId, String cr, String author, SpaceSnapshot base) {
            this.spaceId = spaceId;
            this.cr = cr;
            this.author = author;
            if (base == null) {
                basePlaces = null;
                baseMarkdown = null;
            } else {
                basePlaces = new HashMap<>();
                baseMarkdown = new HashMap<>();
                describe(base.pages(), "", basePlaces, baseMarkdown);
            }
        }

        /** Each page's place and fields as one string, by path. */
        private static void describe(List<SpaceSnapshot.Page> pages, String parent, Map<String, String> places,
                                     Map<String, String> markdown) {
            int index = 0;
            for (SpaceSnapshot.Page p : pages) {
                if (p.path() == null) {
                    continue;
                }
                places.put(p.path(), place(p, parent, index++));
                markdown.put(p.path(), p.markdown());
                describe(p.pages(), p.path(), places, markdown);
            }
        }

        private static String place(SpaceSnapshot.Page p, String parent, int index) {
            return parent + "\u0000" + index + "\u0000" + p.title() + "\u0000" + p.description() + "\u0000" + p.kind()
                    + "\u0000" + p.href();
        }

        /** Uploads the files the change request does not have yet (same name and size); imported id → content's id. */
        Map<String, String> files(List<SpaceSnapshot.File> files) {
            Map<String, String> existing = listFiles();
            Set<String> before = new HashSet<>(existing.values());
            List<SpaceSnapshot.File> missing = new ArrayList<>();
            for (SpaceSnapshot.File f : files) {
                if (!existing.containsKey(key(f.name(), f.bytes().length))) {
                    if (f.bytes().length > MAX_FILE_BYTES) {
                        throw ApiException.badRequest("the file " + f.id() + " is larger than 1 MB, the most a file"
                                + " upload takes");
                    }
                    missing.add(f);
                }
            }
            ArrayNode chunk = json.createArrayNode();
            long bytes = 0;
            for (SpaceSnapshot.File f : missing) {
                long size = (f.bytes().length + 2L) / 3 * 4;
                if (chunk.size() == MAX_FILES || bytes + size > MAX_BATCH_BYTES) {
                    writeFiles(chunk);
                    chunk = json.createArrayNode();
                    bytes = 0;
                }
                chunk.addObject().put("name", f.name()).put("contentType", f.contentType())
                        .put("base64", Base64.getEncoder().encodeToString(f.bytes()));
                bytes += size;
            }
            if (!chunk.isEmpty()) {
                writeFiles(chunk);
            }
            Map<String, String> after = missing.isEmpty() ? existing : listFilesPreferring(before);
            Map<String, String> ids = new HashMap<>();
            for (SpaceSnapshot.File f : files) {
                ids.put(f.id(), after.get(key(f.name(), f.bytes().length)));
            }
            return ids;
        }

        /**
         * Removes the files Git removed: with a base, those it had and the snapshot has not (matched by name and size,
         * as uploads are); on a full import, every file of the change request the repository does not have, as pages.
         */
        void deleteFiles(List<SpaceSnapshot.File> files, List<SpaceSnapshot.File> baseFiles) {
            Set<String> wanted = new HashSet<>();
            files.forEach(f -> wanted.add(key(f.name(), f.bytes().length)));
            Set<String> removed = new HashSet<>();
            if (baseFiles != null) {
                baseFiles.forEach(f -> removed.add(key(f.name(), f.bytes().length)));
                removed.removeAll(wanted);
                if (removed.isEmpty()) {
                    return;
                }
            }
            ArrayNode ids = json.createArrayNode();
            for (RevisionFiles.File f : branchFiles()) {
                String k = key(f.name(), f.size());
                if (baseFiles == null ? !wanted.contains(k) : removed.contains(k)) {
                    ids.add(f.id());
                }
            }
            for (int from = 0; from < ids.size(); from += MAX_CHANGES) {
                ArrayNode chunk = json.createArrayNode();
                for (int i = from; i < Math.min(ids.size(), from + MAX_CHANGES); i++) {
                    chunk.add(ids.get(i));
                }
                ObjectNode body = json.createObjectNode();
                body.putArray("changes").addObject().put("operation", "delete_files").set("files", chunk);
                write(body);
            }
        }

        private void writeFiles(ArrayNode files) {
            ObjectNode body = json.createObjectNode();
            body.putArray("changes").addObject().put("operation", "insert_files").set("files", files);
            write(body);
        }

        private void write(ObjectNode body) {
            call(GitSyncContent.SERVICE, a -> content.write(a, spaceId, cr, author, body));
        }

        private List<RevisionFiles.File> branchFiles() {
            RevisionFiles files = call(GitSyncContent.SERVICE, a -> content.files(a, spaceId, cr));
            return files.files() == null ? List.of() : files.files();
        }

        private Map<String, String> listFiles() {
            return listFilesPreferring(Set.of());
        }

        /** (name, size) → id of the change request's files; a file not among {@code older} wins over one that is. */
        private Map<String, String> listFilesPreferring(Set<String> older) {
            Map<String, String> out = new HashMap<>();
            for (RevisionFiles.File f : branchFiles()) {
                String k = key(f.name(), f.size());
                if (!out.containsKey(k) || older.contains(out.get(k)) && !older.contains(f.id())) {
                    out.put(k, f.id());
                }
            }
            return out;
        }

        private static String key(String name, long size) {
            return size + ":" + name;
        }

        /** Moves the matched pages into place, inserts the new ones (without their markdown yet), deletes the rest. */
        void structure(List<SpaceSnapshot.Page> pages) {
            List<TreePage> tree = tree();
            Map<String, TreePage> byPath = new HashMap<>();
            flatten(tree, byPath);
            Set<String> kept = new HashSet<>();
            place(pages, null, byPath, kept);
            flush();
            resolve();
            for (Placement p : placements) {
                if (p.contentId == null) {
                    throw new GitRepositories.GitFailure("the page " + p.page.id() + " was not found where it was placed");
                }
                kept.add(p.contentId);
            }
            deleteUnkept(tree(), kept);
            flush();
        }

        private void place(List<SpaceSnapshot.Page> pages, Placement parent, Map<String, TreePage> byPath, Set<String> kept) {
            int index = 0;
            for (SpaceSnapshot.Page p : pages) {
                Placement placed = new Placement(p, parent, index++);
                placements.add(placed);
                TreePage found = p.path() == null ? null : byPath.remove(p.path());
                String existing = found == null ? null : found.id();
                String kind = p.kind().name().toLowerCase(java.util.Locale.ROOT);
                placed.kindChanged = found != null && !kind.equals(found.kind());
                ObjectNode op = json.createObjectNode();
                if (existing != null && !placed.kindChanged && basePlaces != null && place(p, parent == null ? ""
                        : parent.page.path(), placed.index).equals(basePlaces.get(p.path()))) {
                    // Git did not move or rename it: the space's place and title stay as they are
                    placed.contentId = existing;
                    placed.unchanged = true;
                    kept.add(existing);
                    place(p.pages(), placed, byPath, kept);
                    continue;
                }
                if (existing != null) {
                    placed.contentId = existing;
                    kept.add(existing);
                    op.put("operation", "update_page").put("page", existing);
                    if (placed.kindChanged) {
                        op.put("type", kind); // in place: its id, comments and the links to it stay
                    }
                } else {
                    placed.ref = "git-page-" + (++refs);
                    op.put("operation", "insert_page").put("ref", placed.ref).put("type", kind);
                    String slug = p.path() == null ? null : p.path().substring(p.path().lastIndexOf('/') + 1);
                    if (Slugs.isValid(slug)) {
                        op.put("slug", slug);
                    }
                    if (p.kind() == SpaceSnapshot.Kind.DOCUMENT) {
                        op.putObject("document");
                    }
                }
                if (p.kind() == SpaceSnapshot.Kind.LINK) {
                    op.put("href", p.href());
                }
                String title = p.title() == null || p.title().isBlank() ? "Untitled" : p.title().strip();
                op.put("title", title.length() > 255 ? title.substring(0, 255) : title);
                String description = p.description() == null ? "" : p.description();
                op.put("description", description.length() > 1000 ? description.substring(0, 1000) : description);
                if (parent == null) {
                    if (existing != null) {
                        op.putNull("into");
                    }
                } else {
                    op.put("into", parent.contentId != null ? parent.contentId : parent.ref);
                }
                op.put("at", placed.index);
                add(op);
                place(p.pages(), placed, byPath, kept);
            }
        }

        /** Deletes the top-most pages of the tree that the import did not keep (their subtrees go with them). */
        private void deleteUnkept(List<TreePage> pages, Set<String> kept) {
            for (TreePage p : pages) {
                if (!kept.contains(p.id()) && (basePlaces == null || basePlaces.containsKey(p.path()))) {
                    add(json.createObjectNode().put("operation", "delete_page").put("page", p.id()));
                } else {
                    deleteUnkept(p.children(), kept);
                }
            }
        }

        /** Every document's markdown, its links pointing at the pages' and files' ids in the space. */
        void markdown(Map<String, String> fileIds) {
            Map<String, String> pageIds = new HashMap<>();
            for (Placement p : placements) {
                pageIds.put(p.page.id(), p.contentId);
            }
            for (Placement p : placements) {
                if (p.page.kind() != SpaceSnapshot.Kind.DOCUMENT) {
                    continue;
                }
                if (baseMarkdown != null && p.ref == null && !p.kindChanged
                        && p.page.markdown().equals(baseMarkdown.get(p.page.path()))) {
                    continue; // Git did not change it: the space's text stays (edits made in Bindery are kept)
                }
                String markdown = MarkdownLinks.rewrite(p.page.markdown(), link -> {
                    Matcher page = PAGE_LINK.matcher(link.destination());
                    if (page.matches() && pageIds.get(page.group(1)) != null) {
                        return "/pages/" + pageIds.get(page.group(1)) + (page.group(2) == null ? "" : page.group(2));
                    }
                    Matcher file = FILE_LINK.matcher(link.destination());
                    if (file.matches() && fileIds.get(file.group(1)) != null) {
                        return "/files/" + fileIds.get(file.group(1));
                    }
                    return null;
                });
                ObjectNode op = json.createObjectNode().put("operation", "update_page").put("page", p.contentId);
                op.putObject("document").put("markdown", markdown);
                add(op);
            }
            flush();
        }

        private void add(ObjectNode op) {
            batch.add(op);
            if (batch.size() == MAX_CHANGES) {
                flush();
                resolve();
            }
        }

        private void flush() {
            if (batch.isEmpty()) {
                return;
            }
            ObjectNode body = json.createObjectNode();
            body.set("changes", batch);
            batch = json.createArrayNode();
            write(body);
        }

        /**
         * The ids content gave the pages inserted so far: a batch's refs do not outlive it, so each placed page is
         * found where it was put, at its index under its parent.
         */
        private void resolve() {
            if (placements.stream().allMatch(p -> p.contentId != null || p.ref == null)) {
                return;
            }
            List<TreePage> tree = tree();
            Map<String, TreePage> byId = new LinkedHashMap<>();
            index(tree, byId);
            for (Placement p : placements) {
                if (p.contentId != null || p.ref == null) {
                    continue;
                }
                List<TreePage> siblings;
                if (p.parent == null) {
                    siblings = tree;
                } else if (p.parent.contentId != null && byId.containsKey(p.parent.contentId)) {
                    siblings = byId.get(p.parent.contentId).children();
                } else {
                    continue; // its parent is still in the batch being built
                }
                if (p.index >= siblings.size()) {
                    continue;
                }
                p.contentId = siblings.get(p.index).id();
            }
        }

        private List<TreePage> tree() {
            RevisionTree tree = call(GitSyncContent.SERVICE, a -> content.tree(a, spaceId, cr));
            return TreePage.nest(tree.pages() == null ? List.of() : tree.pages());
        }
    }

    private static void flatten(List<TreePage> pages, Map<String, TreePage> byPath) {
        for (TreePage p : pages) {
            if (p.path() != null) {
                byPath.putIfAbsent(p.path(), p);
            }
            flatten(p.children(), byPath);
        }
    }

    private static void index(List<TreePage> pages, Map<String, TreePage> byId) {
        for (TreePage p : pages) {
            byId.put(p.id(), p);
            index(p.children(), byId);
        }
    }

    /** An internal call with integrations' service token (one that cannot reach the service is a 503). */
    private <T> T call(String service, Function<String, T> request) {
        return InternalCall.with(serviceTokens, service, request);
    }

    /** A page of the change request's tree, nested as the writer walks it (content answers it flat, with depths). */
    record TreePage(String id, String kind, String path, List<TreePage> children) {
        static List<TreePage> nest(List<RevisionTree.Page> flat) {
            List<TreePage> roots = new ArrayList<>();
            // the children lists of the pages on the path to the current one, by depth
            List<List<TreePage>> levels = new ArrayList<>();
            levels.add(roots);
            for (RevisionTree.Page p : flat) {
                TreePage page = new TreePage(p.id(), p.kind(), p.path(), new ArrayList<>());
                int depth = Math.min(p.depth(), levels.size() - 1);
                while (levels.size() > depth + 1) {
                    levels.removeLast();
                }
                levels.get(depth).add(page);
                levels.add(page.children());
            }
            return roots;
        }
    }
}
