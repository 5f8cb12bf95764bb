package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One run of a translation, outside any transaction (it calls content and review): the source space's live pages
 * whose title or markdown changed since the last run (by hash, per path) are translated with the engine, the target
 * space is created next to the source on the first run, and the translated pages are written in a change request
 * of the target space (update where the path exists there, insert under the parent's path otherwise) that is then
 * merged.
 */
@ApplicationScoped
public class TranslationRun {
    static final int BATCH = 50;

    @Inject
    SpaceContent content;
    @Inject
    TranslationEngine engine;
    @Inject
    TranslationStore store;
    @Inject
    ObjectMapper json;

    /** The target space and revision, pages and words translated, and the hash of every source page now. */
    public record Outcome(String space, String revision, int pages, int words, Map<String, String> hashes) {
    }

    private record Work(SpaceContent.Page page, String title, String markdown) {
    }

    public Outcome run(Translation t, String userId, String token) {
        SpaceContent.Space source = content.space(t.sourceSpace, token);
        List<SpaceContent.Page> pages = content.pages(t.sourceSpace, null, token);
        Map<String, String> previous = QuarkusTransaction.requiringNew().call(() -> store.hashes(t.id));
        Map<String, String> now = new LinkedHashMap<>();
        List<SpaceContent.Page> changed = new ArrayList<>();
        Map<String, String> markdown = new HashMap<>();
        for (SpaceContent.Page page : pages) {
            String md = content.markdown(t.sourceSpace, page.id(), token);
            String hash = sha256(page.title() + "\n" + page.slug() + "\n" + md);
            now.put(page.path(), hash);
            if (t.resultSpace == null || !hash.equals(previous.get(page.path()))) {
                changed.add(page);
                markdown.put(page.id(), md);
            }
        }
        // the space of the last completed run, else the one an interrupted first run created, else a new one
        String target = t.resultSpace != null ? t.resultSpace : t.targetSpace;
        if (target == null) {
            String title = source.title() + " (" + t.language + ")";
            String created = content.createSpace(t.organizationId, title.length() > 50 ? title.substring(0, 50) : title,
                    source.parent(), t.language, token).id();
            // kept at once: a run that does not complete leaves the next one this space, not a second one
            QuarkusTransaction.requiringNew().run(() -> store.targetSpace(t.id, created));
            target = created;
        }
        if (changed.isEmpty()) {
            return new Outcome(target, content.space(target, token).revision(), 0, 0, now);
        }
        // each page's title goes with its paragraphs, and every page in one engine call
        List<MarkdownTranslation.Result> results = MarkdownTranslation.translateAll(changed.stream()
                        .map(page -> "# " + page.title() + "\n\n" + markdown.get(page.id())).toList(),
                paragraphs -> engine.translate(t.sourceLanguage, t.language, paragraphs));
        int words = 0;
        List<Work> work = new ArrayList<>();
        for (int i = 0; i < changed.size(); i++) {
            SpaceContent.Page page = changed.get(i);
            MarkdownTranslation.Result r = results.get(i);
            words += r.words();
            int split = r.markdown().indexOf('\n');
            String title = r.markdown().substring(2, split < 0 ? r.markdown().length() : split).strip();
            String body = split < 0 ? "" : r.markdown().substring(split + 1).replaceFirst("^\n", "");
            work.add(new Work(page, title.isEmpty() ? page.title() : title, body));
        }
        String changeRequest = content.openChangeRequest(target, "Translation from " + t.sourceLanguage + " to "
                + t.language + " (" + changed.size() + (changed.size() == 1 ? " page)" : " pages)"), token);
        for (int from = 0; from < work.size(); from += BATCH) {
            Map<String, String> idByPath = content.pages(target, changeRequest, token).stream()
                    .collect(Collectors.toMap(SpaceContent.Page::path, SpaceContent.Page::id, (a, b) -> a));
            Map<String, String> refByPath = new HashMap<>();
            ArrayNode changes = json.createArrayNode();
            for (int i = from; i < Math.min(work.size(), from + BATCH); i++) {
                Work w = work.get(i);
                ObjectNode op = changes.addObject();
                String existing = idByPath.get(w.page().path());
                if (existing != null) {
                    op.put("operation", "update_page").put("page", existing).put("title", w.title());
                } else {
                    String ref = "p" + i;
                    refByPath.put(w.page().path(), ref);
                    op.put("operation", "insert_page").put("title", w.title()).put("slug", w.page().slug())
                            .put("ref", ref);
                    String parent = w.page().parentPath();
                    if (parent != null) {
                        String into = idByPath.getOrDefault(parent, refByPath.get(parent));
                        if (into != null) {
                            op.put("into", into);
                        }
                    }
                }
                op.putObject("document").put("markdown", w.markdown());
            }
            content.write(target, changeRequest, changes, token);
        }
        String revision = content.merge(target, changeRequest, token);
        return new Outcome(target, revision, work.size(), words, now);
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
