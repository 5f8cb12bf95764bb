package io.bindery.content.search;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Space and organization search when many pages match: {@code count} is the number of matching pages however many
 * there are, paging with the cursors lists every matching page once and in one order, the best match comes first,
 * and a new live revision is searched at once (results kept for a revision are never shown for another).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class SearchTest {
    static final String WORD = "quokka";
    static final String RARE = "axolotl";

    record Page(String title, String markdown) {
    }

    /** Writes the pages on a new branch (batches of 50 insert_page) and merges it; the ids of the new pages, in order. */
    static List<String> merged(String admin, String space, List<Page> pages) {
        String branch = given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        List<String> ids = new ArrayList<>();
        for (int from = 0; from < pages.size(); from += 50) {
            List<Map<String, Object>> changes = pages.subList(from, Math.min(pages.size(), from + 50)).stream()
                    .map(p -> Map.<String, Object>of("operation", "insert_page", "title", p.title(),
                            "document", Map.of("markdown", p.markdown())))
                    .toList();
            List<String> written = as(admin).body(Map.of("changes", changes))
                    .post("/v1/spaces/" + space + "/change-requests/" + branch + "/content?compat=false")
                    .then().statusCode(200).extract().path("pages.id");
            ids.addAll(written);
        }
        given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches/" + branch + "/merge")
                .then().statusCode(200);
        return ids;
    }

    static String markdown(String title, String... sections) {
        StringBuilder md = new StringBuilder("# " + title + "\n\nAn introduction to the topic.\n");
        for (int i = 0; i < sections.length; i++) {
            md.append("\n## Part ").append(i + 1).append("\n\n").append(sections[i]).append('\n');
        }
        return md.toString();
    }

    /** Every page of a search, following the cursors: the ids of its items, in order, and the counts reported. */
    record Listed(List<String> ids, Set<Long> counts, int requests) {
    }

    static Listed pageThrough(String reader, String space, String query, int limit) {
        List<String> ids = new ArrayList<>();
        Set<Long> counts = new HashSet<>();
        String cursor = null;
        int requests = 0;
        do {
            RequestSpecification r = as(reader).queryParam("query", query).queryParam("limit", limit);
            if (cursor != null) {
                r.queryParam("page", cursor);
            }
            JsonPath page = r.get("/v1/spaces/" + space + "/search").then().statusCode(200).extract().jsonPath();
            List<String> items = page.getList("items.id");
            assertTrue(items.size() <= limit);
            ids.addAll(items);
            counts.add(page.getLong("count"));
            cursor = page.getString("next.page");
            requests++;
            assertTrue(requests <= 100, "the cursors never end");
        } while (cursor != null);
        return new Listed(ids, counts, requests);
    }

    @Test
    void countIsExactAndPagingListsEveryMatchingPageOnceBestFirst() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String reader = member(org, "read");
        String space = as(admin).body("{\"title\":\"Zoo\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        // 600 pages with the word in one section (more than the 500 sections ranked before), one page with it in
        // its title and three sections (the best match), 40 pages without it, one page with a rare word
        List<Page> pages = new ArrayList<>();
        pages.add(new Page("The " + WORD + " handbook", markdown("The " + WORD + " handbook", "A " + WORD + " eats leaves.",
                "Every " + WORD + " " + WORD + " sleeps by day.", "The " + WORD + " is small.", "Nothing here.")));
        for (int i = 0; i < 600; i++) {
            pages.add(new Page("Animal " + i, markdown("Animal " + i, "Feeding times and keepers.",
                    "Next to the pond lives a " + WORD + " named number " + i + ".")));
        }
        for (int i = 0; i < 40; i++) {
            pages.add(new Page("Plant " + i, markdown("Plant " + i, "Watering times.")));
        }
        pages.add(new Page("Pond", markdown("Pond", "An " + RARE + " swims here.")));
        List<String> ids = merged(admin, space, pages);
        String best = ids.get(0);
        Set<String> matching = new HashSet<>(ids.subList(0, 601));

        String search = "/v1/spaces/" + space + "/search";
        as(reader).queryParam("query", WORD).queryParam("limit", 25).get(search).then().statusCode(200)
                .body("count", equalTo(601)).body("items", hasSize(25))
                .body("items[0].id", equalTo(best))
                .body("items[0].title", equalTo("The " + WORD + " handbook"))
                // its best sections, best first: the title (twice, in the heading), then two, then one occurrence
                .body("items[0].sections.id", contains("the-" + WORD + "-handbook", "part-2", "part-1"))
                .body("items[0].sections[1].body", containsString("<mark>" + WORD + "</mark> <mark>" + WORD + "</mark>"))
                .body("items[1].sections", hasSize(1))
                .body("items[1].sections[0].id", equalTo("part-2"))
                .body("items[1].sections[0].title", equalTo("Part 2"))
                .body("items[1].sections[0].path", containsString("#part-2"))
                .body("items[1].sections[0].body", containsString("<mark>" + WORD + "</mark>"))
                .body("items[1].sections[0].urls.app", containsString("/s/" + space + "/"))
                .body("items[1].ancestors", hasSize(0))
                .body("items[1].urls.app", containsString("/s/" + space + "/"));
        // the default limit (100): the same count
        as(reader).queryParam("query", WORD).get(search).then().statusCode(200)
                .body("count", equalTo(601)).body("items", hasSize(100));
        as(reader).queryParam("query", RARE).get(search).then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(ids.get(641)));

        // paging: every matching page once, and the same order whatever the page size
        Listed by100 = pageThrough(reader, space, WORD, 100);
        assertEquals(601, by100.ids().size());
        assertEquals(matching, new HashSet<>(by100.ids()));
        assertEquals(Set.of(601L), by100.counts());
        assertEquals(7, by100.requests());
        Listed by37 = pageThrough(reader, space, WORD, 37);
        assertEquals(by100.ids(), by37.ids());
        Listed byMax = pageThrough(reader, space, WORD, 1000);
        assertEquals(by100.ids(), byMax.ids());
        assertEquals(1, byMax.requests());

        // the organization's search: the space, with its best pages
        String orgSearch = "/v1/orgs/" + org + "/search";
        as(reader).queryParam("query", WORD).get(orgSearch).then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(space)).body("items[0].title", equalTo("Zoo"))
                .body("items[0].pages", hasSize(10)).body("items[0].pages[0].id", equalTo(best))
                .body("items[0].pages[0].sections", hasSize(3));
        // another space whose best page is better still comes first; each space shows its own best pages
        String aviary = as(admin).body("{\"title\":\"Aviary\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        String title = WORD + " " + WORD + " " + WORD;
        List<String> birds = merged(admin, aviary, List.of(
                new Page(title, markdown(title, WORD + " " + WORD + " " + WORD + " " + WORD + ".")),
                new Page("Perch", markdown("Perch", "A " + WORD + " visitor.")), new Page("Nest", markdown("Nest", "Twigs."))));
        as(reader).queryParam("query", WORD).get(orgSearch).then().statusCode(200)
                .body("count", equalTo(2)).body("items.id", contains(aviary, space))
                .body("items[0].pages.id", contains(birds.get(0), birds.get(1)))
                .body("items[1].pages", hasSize(10)).body("items[1].pages[0].id", equalTo(best));
        String next = as(reader).queryParam("query", WORD).queryParam("limit", 1).get(orgSearch).then().statusCode(200)
                .body("count", equalTo(2)).body("items.id", contains(aviary)).extract().path("next.page");
        as(reader).queryParam("query", WORD).queryParam("limit", 1).queryParam("page", next).get(orgSearch).then()
                .statusCode(200).body("items.id", contains(space)).body("items[0].pages[0].id", equalTo(best));

        // a new live revision: one more matching page and the rare word gone are seen at once
        String pond = ids.get(641);
        String branch = given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("changes", List.of(
                        Map.of("operation", "insert_page", "title", "Newcomer",
                                "document", Map.of("markdown", markdown("Newcomer", "A young " + WORD + " arrived."))),
                        Map.of("operation", "update_page", "page", pond,
                                "document", Map.of("markdown", markdown("Pond", "Only fish now."))))))
                .post("/v1/spaces/" + space + "/change-requests/" + branch + "/content").then().statusCode(200);
        given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches/" + branch + "/merge")
                .then().statusCode(200);
        as(reader).queryParam("query", WORD).queryParam("limit", 25).get(search).then().statusCode(200)
                .body("count", equalTo(602)).body("items[0].id", equalTo(best));
        as(reader).queryParam("query", RARE).get(search).then().statusCode(200).body("count", equalTo(0))
                .body("items", hasSize(0));
        Listed after = pageThrough(reader, space, WORD, 250);
        assertEquals(602, new HashSet<>(after.ids()).size());
        assertEquals(602, after.ids().size());

        // a member of another organization finds nothing of it
        String stranger = member(Ids.newId(), "admin");
        as(stranger).queryParam("query", WORD).get(search).then().statusCode(404);
    }

    @Test
    void countStaysExactWhenMoreSectionsMatchThanAreRanked() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = as(admin).body("{\"title\":\"Everywhere\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        // 520 pages of 21 matching sections each: 10,920 matching sections, more than the 10,000 ranked
        String[] sections = new String[20];
        for (int i = 0; i < sections.length; i++) {
            sections[i] = "The " + WORD + " visits place " + i + ".";
        }
        List<Page> pages = new ArrayList<>();
        for (int i = 0; i < 520; i++) {
            pages.add(new Page("Visit " + i, markdown("Visit " + i + " of the " + WORD, sections)));
        }
        Set<String> ids = new HashSet<>(merged(admin, space, pages));

        as(admin).queryParam("query", WORD).queryParam("limit", 10).get("/v1/spaces/" + space + "/search")
                .then().statusCode(200).body("count", equalTo(520)).body("items", hasSize(10))
                .body("items.sections", everyItem(hasSize(3)));
        Listed all = pageThrough(admin, space, WORD, 100);
        assertEquals(Set.of(520L), all.counts());
        // pages of the ranked sections only (at least 10,000 / 21), each once
        assertEquals(all.ids().size(), new HashSet<>(all.ids()).size());
        assertTrue(all.ids().size() >= 10_000 / 21, "listed " + all.ids().size());
        assertTrue(ids.containsAll(all.ids()));
        assertTrue(all.ids().size() <= 520);
        assertNull(as(admin).queryParam("query", WORD).queryParam("limit", 1000).get("/v1/spaces/" + space + "/search")
                .then().statusCode(200).extract().path("next"));
    }

    @Test
    void aSectionBeforeAnyHeadingIsTitledWithItsPage() {
        // GitBook's SearchSectionResult requires a title: a page without headings, or the text before the first one
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = as(admin).body("{\"title\":\"Plain\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        merged(admin, space, List.of(new Page("Flat notes", "The " + RARE + " lives in lakes.\n\nNo headings at all.\n"),
                new Page("Lead first", "The " + RARE + " has gills.\n\n## Later\n\nMore about the " + RARE + ".\n")));
        as(admin).queryParam("query", RARE).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(2))
                .body("items.sections.flatten().title", everyItem(notNullValue()))
                .body("items.find { it.title == 'Flat notes' }.sections.title", everyItem(equalTo("Flat notes")))
                .body("items.find { it.title == 'Lead first' }.sections.title", containsInAnyOrder("Lead first", "Later"));
        as(admin).queryParam("query", RARE).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("items[0].pages.sections.flatten().title", everyItem(notNullValue()))
                .body("items[0].pages.find { it.title == 'Flat notes' }.sections.title", everyItem(equalTo("Flat notes")));
    }

    @Test
    void aResultCarriesItsPagesDescription() {
        // GitBook 0.202.0's SearchPageResult requires description: the page's, or empty when it has none
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = as(admin).body("{\"title\":\"Described\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        String branch = given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("changes", List.of(
                        Map.of("operation", "insert_page", "title", "With words", "description", "How the " + RARE + " breathes",
                                "document", Map.of("markdown", "The " + RARE + " has gills.\n")),
                        Map.of("operation", "insert_page", "title", "Without words",
                                "document", Map.of("markdown", "The " + RARE + " lives in lakes.\n")))))
                .post("/v1/spaces/" + space + "/change-requests/" + branch + "/content?compat=false").then().statusCode(200);
        given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches/" + branch + "/merge")
                .then().statusCode(200);
        as(admin).queryParam("query", RARE).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(2))
                .body("items.find { it.title == 'With words' }.description", equalTo("How the " + RARE + " breathes"))
                .body("items.find { it.title == 'Without words' }.description", equalTo(""));
        as(admin).queryParam("query", RARE).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("items[0].pages.find { it.title == 'With words' }.description", equalTo("How the " + RARE + " breathes"));
    }
}
