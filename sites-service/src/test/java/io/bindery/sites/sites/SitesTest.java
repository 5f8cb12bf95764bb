package io.bindery.sites.sites;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Site resource over HTTP against the real database: CRUD, limits, roles, other organizations, paging. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class SitesTest {
    @Inject
    EntityManager em;


    /** A new organization with a member of the given role; returns {org, user}. */
    static String[] member(String role) {
        String org = Ids.newId();
        String user = Ids.newId();
        TestIdentity.addMembership(org, user, role, null, Instant.now());
        return new String[]{org, user};
    }

    static String sites(String org) {
        return "/v1/orgs/" + org + "/sites";
    }

    @Test
    void createReadUpdatePublishDelete() {
        String[] m = member("create");
        String org = m[0];
        String id = as(m[1]).body("{\"title\":\"Developer docs\",\"visibility\":\"unlisted\"}").post(sites(org))
                .then().statusCode(201).header("Location", containsString(sites(org) + "/")).extract().path("id");
        as(m[1]).get(sites(org) + "/" + id).then().statusCode(200)
                .body("object", equalTo("site")).body("title", equalTo("Developer docs"))
                .body("type", equalTo("basic")).body("appliedType", equalTo("basic"))
                .body("visibility", equalTo("unlisted")).body("published", equalTo(false))
                .body("siteSpaces", equalTo(0)).body("defaultLevel", equalTo("inherit"))
                .body("permissions.admin", equalTo(true)).body("permissions.installIntegration", equalTo(false))
                .body("adaptiveContent.enabled", equalTo(false)).body("agentsContext", equalTo("included"))
                .body("features", hasSize(0)).body("urls.location", endsWith(sites(org) + "/" + id))
                .body("urls.published", nullValue()).body("createdAt", notNullValue());

        as(m[1]).body("{\"title\":\"API docs\",\"basename\":\"api\",\"proxy\":\"example.com/docs\",\"hostname\":\"docs."
                        + id.toLowerCase() + ".example.com\",\"adaptiveContent\":{\"enabled\":true},\"agentsContext\":\"excluded\"}")
                .patch(sites(org) + "/" + id).then().statusCode(200)
                .body("title", equalTo("API docs")).body("basename", equalTo("api"))
                .body("proxy.origin", equalTo("example.com/docs")).body("adaptiveContent.enabled", equalTo(true))
                .body("agentsContext", equalTo("excluded")).body("hostname", equalTo("docs." + id.toLowerCase() + ".example.com"));
        // null removes the proxy and the hostname; absent fields stay
        as(m[1]).body("{\"proxy\":null,\"hostname\":null}").patch(sites(org) + "/" + id).then().statusCode(200)
                .body("proxy", nullValue()).body("hostname", nullValue()).body("basename", equalTo("api"));

        as(m[1]).post(sites(org) + "/" + id + "/publish").then().statusCode(200).body("published", equalTo(true))
                .body("urls.published", containsString("/sites/" + id));
        as(m[1]).post(sites(org) + "/" + id + "/unpublish").then().statusCode(200).body("published", equalTo(false));

        as(m[1]).delete(sites(org) + "/" + id).then().statusCode(204);
        as(m[1]).get(sites(org) + "/" + id).then().statusCode(404).body("error.code", equalTo(404));
        // deleting what does not exist succeeds, as GitBook's API does
        as(m[1]).delete(sites(org) + "/" + id).then().statusCode(204);

        List<String> types = em.createNativeQuery("select type from sites.outbox_event where aggregate_id = :id order by id")
                .setParameter("id", id).getResultList();
        assertEquals(List.of("bindery.site.created.v1", "bindery.site.updated.v1", "bindery.site.updated.v1",
                "bindery.site.published.v1", "bindery.site.unpublished.v1", "bindery.site.deleted.v1"), types);
    }

    @Test
    void eachLimitIsA400NamingTheFieldAndChangesNothing() {
        String[] m = member("admin");
        String org = m[0];
        String id = as(m[1]).body("{\"title\":\"Kept\"}").post(sites(org)).then().statusCode(201).extract().path("id");
        String site = sites(org) + "/" + id;
        String[][] bad = {
                {"{\"title\":\"x\"}", "title"},
                {"{\"title\":\"" + "t".repeat(129) + "\"}", "title"},
                {"{\"title\":null}", "title"},
                {"{\"title\":5}", "title"},
                {"{\"basename\":\"\"}", "basename"},
                {"{\"basename\":\"" + "b".repeat(101) + "\"}", "basename"},
                {"{\"hostname\":\"example.com\"}", "hostname"},
                {"{\"hostname\":\"Docs.Example.com\"}", "hostname"},
                {"{\"hostname\":\"" + (("h".repeat(60) + ".").repeat(9)) + "com\"}", "hostname"}, // 552 characters
                {"{\"proxy\":\"example.com\"}", "proxy"},
                {"{\"proxy\":\"https://example.com/docs\"}", "proxy"},
                {"{\"proxy\":\"example.com/" + "p".repeat(510) + "\"}", "proxy"},
                {"{\"visibility\":\"secret\"}", "visibility"},
                {"{\"agentsContext\":\"maybe\"}", "agentsContext"},
                {"{\"adaptiveContent\":{\"enabled\":\"yes\"}}", "enabled"},
                {"{\"defaultSiteSpace\":\"nope\"}", "defaultSiteSpace"},
                {"{\"defaultSiteSection\":\"nope\"}", "defaultSiteSection"},
        };
        for (String[] b : bad) {
            as(m[1]).body(b[0]).patch(site).then().log().ifValidationFails().statusCode(400).body("error.code", equalTo(400))
                    .body("error.message", containsString(b[1]));
        }
        as(m[1]).body("{\"type\":\"gold\"}").post(sites(org)).then().statusCode(400).body("error.message", containsString("type"));
        as(m[1]).body("{\"title\":\"a\"}").post(sites(org)).then().statusCode(400).body("error.message", containsString("title"));
        as(m[1]).get(site).then().statusCode(200).body("title", equalTo("Kept")).body("basename", nullValue())
                .body("hostname", nullValue()).body("proxy", nullValue()).body("visibility", equalTo("public"));
        as(m[1]).get(sites(org)).then().statusCode(200).body("count", equalTo(1));
        as(m[1]).get(sites(org) + "?published=maybe").then().statusCode(400).body("error.message", containsString("published"));
        as(m[1]).get(sites(org) + "?type=gold").then().statusCode(400).body("error.message", containsString("type"));
    }

    @Test
    void aHostnameServesOneSite() {
        String[] m = member("admin");
        String host = "docs." + Ids.newId().toLowerCase() + ".example.org";
        String a = as(m[1]).body("{\"title\":\"One\"}").post(sites(m[0])).then().statusCode(201).extract().path("id");
        String b = as(m[1]).body("{\"title\":\"Two\"}").post(sites(m[0])).then().statusCode(201).extract().path("id");
        as(m[1]).body("{\"hostname\":\"" + host + "\"}").patch(sites(m[0]) + "/" + a).then().statusCode(200);
        as(m[1]).body("{\"hostname\":\"" + host + "\"}").patch(sites(m[0]) + "/" + b).then().statusCode(409)
                .body("error.message", containsString("hostname"));
    }

    @Test
    void readersReadAndCannotWrite() {
        String[] admin = member("admin");
        String org = admin[0];
        String reader = Ids.newId();
        TestIdentity.addMembership(org, reader, "read", null, Instant.now());
        String id = as(admin[1]).body("{\"title\":\"Handbook\"}").post(sites(org)).then().statusCode(201).extract().path("id");
        as(reader).get(sites(org)).then().statusCode(200).body("count", equalTo(1)).body("items[0].permissions.view", equalTo(true))
                .body("items[0].permissions.admin", equalTo(false));
        as(reader).get(sites(org) + "/" + id).then().statusCode(200).body("permissions.create", equalTo(false));
        as(reader).body("{\"title\":\"Mine\"}").post(sites(org)).then().statusCode(403).body("error.code", equalTo(403));
        as(reader).body("{\"title\":\"Mine\"}").patch(sites(org) + "/" + id).then().statusCode(403);
        as(reader).post(sites(org) + "/" + id + "/publish").then().statusCode(403);
        as(reader).delete(sites(org) + "/" + id).then().statusCode(403);
        as(admin[1]).get(sites(org) + "/" + id).then().statusCode(200).body("title", equalTo("Handbook")).body("published", equalTo(false));
    }

    @Test
    void anotherOrganizationAndGuestsSeeNothing() {
        String[] owner = member("admin");
        String[] stranger = member("admin");
        String guest = Ids.newId();
        TestIdentity.addMembership(owner[0], guest, null, null, Instant.now());
        String id = as(owner[1]).body("{\"title\":\"Private\"}").post(sites(owner[0])).then().statusCode(201).extract().path("id");
        for (String user : List.of(stranger[1], guest)) {
            as(user).get(sites(owner[0])).then().statusCode(404).body("error.code", equalTo(404));
            as(user).body("{\"title\":\"Mine\"}").post(sites(owner[0])).then().statusCode(404);
            as(user).get(sites(owner[0]) + "/" + id).then().statusCode(404);
            as(user).body("{\"title\":\"Mine\"}").patch(sites(owner[0]) + "/" + id).then().statusCode(404);
            as(user).post(sites(owner[0]) + "/" + id + "/publish").then().statusCode(404);
            as(user).delete(sites(owner[0]) + "/" + id).then().statusCode(404);
        }
        // the site under the stranger's own organization's path is not found either
        as(stranger[1]).get(sites(stranger[0]) + "/" + id).then().statusCode(404);
        as(stranger[1]).delete(sites(stranger[0]) + "/" + id).then().statusCode(204);
        as(owner[1]).get(sites(owner[0]) + "/" + id).then().statusCode(200);
        as(owner[1]).get(sites(owner[0]) + "/unknown").then().statusCode(404);
    }

    @Test
    void theListIsKeysetPagedAndFiltered() {
        String[] m = member("admin");
        String org = m[0];
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(as(m[1]).body("{\"title\":\"Site " + i + (i % 2 == 0 ? " even" : "") + "\"}").post(sites(org))
                    .then().statusCode(201).extract().path("id"));
        }
        as(m[1]).post(sites(org) + "/" + created.get(1) + "/publish").then().statusCode(200);
        List<String> seen = new ArrayList<>();
        String page = null;
        do {
            var r = as(m[1]).get(sites(org) + "?limit=2" + (page == null ? "" : "&page=" + page)).then().statusCode(200)
                    .body("count", equalTo(5)).extract();
            seen.addAll(r.path("items.id"));
            page = r.path("next.page");
        } while (page != null);
        assertEquals(created, seen);
        as(m[1]).get(sites(org) + "?title=EVEN").then().statusCode(200).body("count", equalTo(3));
        as(m[1]).get(sites(org) + "?published=true").then().statusCode(200).body("count", equalTo(1))
                .body("items[0].id", equalTo(created.get(1)));
        as(m[1]).get(sites(org) + "?published=false").then().statusCode(200).body("count", equalTo(4));
        as(m[1]).get(sites(org) + "?type=basic&type=premium").then().statusCode(200).body("count", equalTo(5));
        as(m[1]).get(sites(org) + "?type=premium").then().statusCode(200).body("count", equalTo(0));
        as(m[1]).get(sites(org) + "?space=" + Ids.newId()).then().statusCode(200).body("count", equalTo(0));
        as(m[1]).get(sites(org) + "?title=%25").then().statusCode(200).body("count", equalTo(0));
        as(m[1]).get(sites(org) + "?page=forged").then().statusCode(400).body("error.code", equalTo(400));
    }
}
