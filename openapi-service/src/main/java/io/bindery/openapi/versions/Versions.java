package io.bindery.openapi.versions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.openapi.access.SpecAccess;
import io.bindery.openapi.specs.SpecRef;
import io.bindery.openapi.specs.SpecViews;
import io.bindery.openapi.specs.SpecVisibility;
import io.bindery.openapi.specs.Specs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A spec's versions: stored by processing, listed, read with their content, compared. */
@ApplicationScoped
public class Versions {
    private static final Keyset<SpecVersion> NEWEST_FIRST = Keyset.descending(
            SortKey.instant("created_at", v -> v.createdAt), SortKey.text("id", v -> v.id));

    @Inject
    VersionStore versionStore;
    @Inject
    SpecAccess access;
    @Inject
    Specs specs;
    @Inject
    SpecViews specViews;
    @Inject
    PublicUrls urls;
    @Inject
    ObjectMapper json;

    @Transactional
    public ListPage<VersionView> list(String organizationId, String slug, String userId, String page, int limit) {
        access.member(organizationId, userId);
        SpecRef spec = specs.required(organizationId, slug);
        return versionStore.page(NEWEST_FIRST.page(page, limit), spec.id()).map(v -> view(spec, v));
    }

    /** {@code latest} or a version id. */
    @Transactional
    public VersionView get(String organizationId, String slug, String versionId, String userId) {
        access.member(organizationId, userId);
        SpecRef spec = specs.required(organizationId, slug);
        return view(spec, version(spec, versionId));
    }

    @Transactional
    public ContentView content(String organizationId, String slug, String versionId, String userId) {
        access.member(organizationId, userId);
        SpecRef spec = specs.required(organizationId, slug);
        return content(spec, version(spec, versionId));
    }

    @Transactional
    public DiffView diff(String organizationId, String slug, String versionId, String againstId, String userId) {
        access.member(organizationId, userId);
        if (againstId == null || againstId.isBlank()) {
            throw ApiException.badRequest("against is required: the id of the version to compare with");
        }
        SpecRef spec = specs.required(organizationId, slug);
        SpecVersion version = version(spec, versionId);
        SpecVersion against = version(spec, againstId);
        return Diffs.diff(version.id, summary(version), against.id, summary(against));
    }

    /** The latest version's file at {@code path} ("" for the entry point) of a public spec; 404 otherwise. */
    @Transactional
    public PublishedFile published(String organizationId, String slug, String path) {
        SpecRef spec = specs.found(organizationId, slug);
        if (spec == null || spec.visibility() != SpecVisibility.PUBLIC || spec.lastVersion() == null) {
            throw ApiException.notFound("no public OpenAPI spec " + slug);
        }
        SpecVersionFile file = versionStore.file(spec.lastVersion(), path);
        if (file == null) {
            throw ApiException.notFound("the public OpenAPI spec " + slug + " has no file " + path);
        }
        return new PublishedFile(file.path, file.content);
    }

    /**
     * Records processed content as the spec's latest version, unless the latest one has the same canonical hash.
     * Runs in the caller's transaction (the processing's closing one); returns the new version's id, or null.
     * {@code hash}: the files' {@link Summary#contentHash}.
     */
    public String store(String specId, String lastVersion, String url, List<SpecFile> files, String hash,
                             Summary summary, Instant now) {
        if (hash.equals(contentHash(lastVersion))) {
            return null;
        }
        SpecVersion v = new SpecVersion();
        v.id = Ids.newId();
        v.specId = specId;
        v.url = url;
        v.contentHash = hash;
        v.createdAt = now;
        try {
            v.summary = json.writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a summary cannot be written", e);
        }
        versionStore.insert(v);
        for (int i = 0; i < files.size(); i++) {
            SpecVersionFile f = new SpecVersionFile();
            f.versionId = v.id;
            f.position = i;
            f.url = files.get(i).url();
            f.path = files.get(i).path();
            f.content = files.get(i).text();
            versionStore.insert(f);
        }
        return v.id;
    }

    /** The content hash of a version; null when there is none (no version yet, or it was deleted with its spec). */
    public String contentHash(String versionId) {
        if (versionId == null) {
            return null;
        }
        SpecVersion v = versionStore.version(versionId);
        return v == null ? null : v.contentHash;
    }

    private SpecVersion version(SpecRef spec, String versionId) {
        String id = "latest".equals(versionId) ? spec.lastVersion() : versionId;
        if (id == null) {
            throw ApiException.notFound("the OpenAPI spec " + spec.slug() + " has no version yet");
        }
        SpecVersion v = versionStore.version(id);
        if (v == null || !v.specId.equals(spec.id())) {
            throw ApiException.notFound("no version " + versionId + " of the OpenAPI spec " + spec.slug());
        }
        return v;
    }

    VersionView view(SpecRef spec, SpecVersion v) {
        return new VersionView("openapi-spec-version", v.id, v.createdAt, v.url,
                new VersionView.Urls(specViews.location(spec.organizationId(), spec.slug()) + "/versions/" + v.id));
    }

    ContentView content(SpecRef spec, SpecVersion v) {
        List<SpecVersionFile> rows = versionStore.files(v.id);
        List<ContentView.File> files = new ArrayList<>(rows.size());
        for (SpecVersionFile f : rows) {
            files.add(new ContentView.File(f.path, f.url, f.position == 0, f.content));
        }
        String entry = rows.isEmpty() ? null : rows.get(0).path;
        // a public spec's latest version is readable by anyone; older versions are not published
        String published = spec.visibility() == SpecVisibility.PUBLIC && v.id.equals(spec.lastVersion())
                ? specViews.publishedBase(spec.organizationId(), spec.slug()) : null;
        return new ContentView(new ContentView.Filesystem(entry, files), v.url, new ContentView.Urls(v.url, published));
    }

    Summary summary(SpecVersion v) {
        try {
            return json.readValue(v.summary, Summary.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored summary does not parse", e);
        }
    }
}
