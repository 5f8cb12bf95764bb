package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.imageio.ImageIO;

import static io.bindery.e2e.Stack.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.hamcrest.Matchers.*;

/**
 * Fixtures of the content e2e tests, through the gateway: JSON bodies, organizations' collections and spaces,
 * members, and authoring (branches, batches of page and file operations, merges, page trees).
 */
final class ContentFixtures {
    private ContentFixtures() {
    }


    /** A JSON object from key/value pairs; unlike Map.of it keeps nulls (explicit JSON null). */
    static Map<String, Object> json(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    static RequestSpecification as(String token) {
        return api(token).contentType(ContentType.JSON);
    }

    static String createCollection(String token, String org, String parent, String title) {
        // GitBook's document has no null parent: a collection at the top is sent without one
        return as(token).body(parent == null ? json("title", title) : json("title", title, "parent", parent))
                .post("/v1/orgs/" + org + "/collections").then().statusCode(201).extract().path("id");
    }

    static String createSpace(String token, String org, Map<String, Object> body) {
        return as(token).body(body).post("/v1/orgs/" + org + "/spaces").then().statusCode(201).extract().path("id");
    }

    /** Makes an existing user a member of the organization with a role (null: a guest), through identity's invites. */
    static void addMember(TestUser orgAdmin, String org, TestUser user, String role) {
        as(orgAdmin.token()).body(json("emails", List.of(user.email()), "role", role))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(200);
    }

    static Map<String, Object> spacePointer(String space) {
        return json("type", "space", "space", space);
    }

    static Map<String, Object> collectionPointer(String collection) {
        return json("type", "collection", "collection", collection);
    }

    static List<String> ids(Response r) {
        return r.path("items.id");
    }


    static String spacePath(String space) {
        return "/v1/spaces/" + space;
    }

    /** The public base of a change request's content: append "/content/pages", "/changes", ... */
    static String branchPath(String space, String branch) {
        return spacePath(space) + "/change-requests/" + branch;
    }

    /**
     * Opens a branch through content-service's internal API, as review does for a new change request, authored by
     * the instance admin (content shows the author as the change request's createdBy, which GitBook requires).
     */
    static String openBranch(String space) {
        return Stack.internal("content").contentType(ContentType.JSON).body(json("createdBy", fixtureAuthor()))
                .post("/internal/spaces/" + space + "/branches").then().statusCode(201).extract().path("id");
    }

    private static volatile String fixtureAuthor;

    /** The instance admin's user id, the author of the branches these fixtures open. */
    static String fixtureAuthor() {
        if (fixtureAuthor == null) {
            fixtureAuthor = api(Stack.adminToken()).get("/v1/user").then().statusCode(200).extract().path("id");
        }
        return fixtureAuthor;
    }

    /** The internal branch view (status, head revision, outdated...). */
    static Response branchView(String space, String branch) {
        Response r = Stack.internal("content").get("/internal/spaces/" + space + "/branches/" + branch);
        r.then().statusCode(200);
        return r;
    }

    static String headRevision(String space, String branch) {
        return branchView(space, branch).path("revision");
    }

    /** POST …/branches/{b}/merge; the caller checks the status. */
    static Response merge(String space, String branch) {
        return Stack.internal("content").post("/internal/spaces/" + space + "/branches/" + branch + "/merge");
    }

    /** POST …/branches/{b}/update (brings main into the branch); the caller checks the status. */
    static Response update(String space, String branch) {
        return Stack.internal("content").post("/internal/spaces/" + space + "/branches/" + branch + "/update");
    }

    /** The space's current (main) revision id, as GET /v1/spaces/{s} shows it. */
    static String spaceRevision(String token, String space) {
        return api(token).get(spacePath(space)).then().statusCode(200).extract().path("revision");
    }

    /** Posts one batch of operations to the branch (?compat=false); the caller checks the status. */
    static Response write(String token, String space, String branch, List<Map<String, Object>> changes) {
        return as(token).body(json("changes", changes)).post(branchPath(space, branch) + "/content?compat=false");
    }

    /** Posts a batch that must succeed; returns title → id of the pages it created or modified. */
    @SafeVarargs
    static Map<String, String> written(String token, String space, String branch, Map<String, Object>... changes) {
        Response r = write(token, space, branch, List.of(changes));
        r.then().statusCode(200).body("changeRequest.id", equalTo(branch));
        Map<String, String> ids = new HashMap<>();
        for (Map<String, Object> page : r.<List<Map<String, Object>>>path("pages")) {
            ids.put((String) page.get("title"), (String) page.get("id"));
        }
        return ids;
    }

    /** Writes a batch on a fresh branch and merges it: content straight into main. Returns title → page id. */
    @SafeVarargs
    static Map<String, String> seedMain(String token, String space, Map<String, Object>... changes) {
        String branch = openBranch(space);
        Map<String, String> ids = written(token, space, branch, changes);
        merge(space, branch).then().statusCode(200);
        return ids;
    }

    /** An insert_page operation with markdown; {@code more} adds fields (ref, into, slug, at...). */
    static Map<String, Object> insertPage(String title, String markdown, Object... more) {
        Map<String, Object> op = json("operation", "insert_page", "title", title, "document", json("markdown", markdown));
        op.putAll(json(more));
        return op;
    }

    /** An update_page operation on a page id or ref, with the fields to change. */
    static Map<String, Object> updatePage(String page, Object... fields) {
        Map<String, Object> op = json("operation", "update_page", "page", page);
        op.putAll(json(fields));
        return op;
    }

    static Map<String, Object> newMarkdown(String markdown) {
        return json("markdown", markdown);
    }

    static Map<String, Object> deletePage(String page) {
        return json("operation", "delete_page", "page", page);
    }

    static Map<String, Object> insertFile(String ref, String name, String contentType, byte[] bytes) {
        return json("operation", "insert_files", "files", List.of(json("ref", ref, "name", name,
                "contentType", contentType, "base64", Base64.getEncoder().encodeToString(bytes))));
    }

    /** The page tree of a pages endpoint (…/content/pages, …/revisions/{r}/pages). */
    static List<Map<String, Object>> tree(String token, String pagesUrl) {
        return api(token).get(pagesUrl).then().statusCode(200).extract().path("pages");
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> children(Map<String, Object> page) {
        Object c = page.get("pages");
        return c == null ? List.of() : (List<Map<String, Object>>) c;
    }

    /** Every page of the tree, depth first. */
    static List<Map<String, Object>> flatten(List<Map<String, Object>> pages) {
        List<Map<String, Object>> all = new ArrayList<>();
        for (Map<String, Object> p : pages) {
            all.add(p);
            all.addAll(flatten(children(p)));
        }
        return all;
    }

    static List<String> titles(List<Map<String, Object>> pages) {
        return flatten(pages).stream().map(p -> (String) p.get("title")).toList();
    }

    /** The page of the tree with this title; fails when there is none. */
    static Map<String, Object> findPage(List<Map<String, Object>> pages, String title) {
        return flatten(pages).stream().filter(p -> title.equals(p.get("title"))).findFirst()
                .orElseThrow(() -> new AssertionError("no page '" + title + "' in " + titles(pages)));
    }

    /** A page's markdown under a content base (…/content or …/revisions/{r}: "/page/{id}" is appended). */
    static String markdownAt(String token, String base, String pageId) {
        return api(token).get(base + "/page/" + pageId + "?format=markdown").then().statusCode(200).extract().path("markdown");
    }

    /** A unique lower-case word of letters only, for searches that must not see other runs' content. */
    static String uniqueWord(String prefix) {
        StringBuilder w = new StringBuilder(prefix);
        for (char c : UUID.randomUUID().toString().replace("-", "").substring(0, 10).toCharArray()) {
            w.append((char) ('a' + Character.digit(c, 16)));
        }
        return w.toString();
    }

    /** A real 3×2 PNG: a file the service may inspect (dimensions). */
    static byte[] png() {
        try {
            BufferedImage image = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
            image.setRGB(1, 1, 0xff8800);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
