package io.bindery.sites.sitespace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import io.bindery.sites.cache.VersionedCache;
import io.bindery.sites.site.SiteRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The site spaces {@code published} shows, made once per change of the site's site spaces or of their spaces: a
 * site of 50 sections x 10 site spaces answers with half a megabyte of JSON, so each live site space is kept
 * serialized (with a visitor's permissions on its space) and a request only picks those whose condition holds.
 * The version is read on every request (one indexed query), so a change shows at once.
 */
@ApplicationScoped
public class PublishedSiteSpaces {
    @Inject
    SiteSpaceStore store;
    @Inject
    SiteSpaceViews views;
    @Inject
    ObjectMapper json;

    /** A live site space: its section ({@link SiteSpaceRows#ROOT} at the root), its condition, its JSON. */
    private record Shown(String section, String condition, RawValue json) {
    }

    private final VersionedCache<List<Shown>> bySite = new VersionedCache<>(1000);

    /** The live site spaces whose condition holds (or that have none), as JSON, by section, each list in order. */
    public Map<String, List<Object>> bySection(SiteRecord site, Predicate<String> holds) {
        Map<String, List<Object>> out = new LinkedHashMap<>();
        for (Shown s : bySite.get(site.id(), version(site), () -> build(site))) {
            if (s.condition() == null || holds.test(s.condition())) {
                out.computeIfAbsent(s.section(), k -> new ArrayList<>()).add(s.json());
            }
        }
        return out;
    }

    private List<Shown> build(SiteRecord site) {
        List<SiteSpaceRow> rows = store.liveOfSite(site.id());
        Function<SiteSpaceRow, SiteSpaceView> presenter = views.presenter(site, rows);
        List<Shown> out = new ArrayList<>(rows.size());
        for (SiteSpaceRow r : rows) {
            try {
                out.add(new Shown(r.sectionId == null ? SiteSpaceRows.ROOT : r.sectionId, r.condition,
                        // SerializedString keeps its UTF-8 bytes: a request copies them, it does not encode again
                        new RawValue(new SerializedString(json.writeValueAsString(presenter.apply(r))))));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a site space that cannot be written as JSON", e);
            }
        }
        return List.copyOf(out);
    }

    /**
     * What the site spaces' JSON depends on: every change of a site space (and of its address: the site's
     * publication and hostname, its section's path) moves its updated_at, every change of a space its stored
     * updated_at, and a removal the count.
     */
    private String version(SiteRecord site) {
        Object[] row = store.version(site.id());
        return row[0] + "|" + row[1] + "|" + row[2] + "|" + row[3] + "|" + site.published() + "|" + site.hostname();
    }
}
