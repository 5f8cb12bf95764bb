package io.bindery.e2e;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.testing.TopicProbe;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SAML providers (/orgs/{o}/saml), SSO logins (/orgs/{o}/sso) and the SSO mark on members, through the
 * gateway. The identity provider's certificate is a real self-signed one made by keytool at test time.
 */
class SamlE2ETest {
    static final String DB = System.getenv().getOrDefault("BINDERY_E2E_DB_URL", "jdbc:postgresql://127.0.0.1:55432/bindery_e2e");
    static final String admin = Stack.adminToken();
    static String certificatePem;

    String org;
    String memberId;
    String memberToken;
    String outsiderToken;
    String outsiderOrg;

    @BeforeAll
    static void makeCertificate() throws Exception {
        Path dir = Files.createTempDirectory("saml-e2e");
        Path store = dir.resolve("idp.p12");
        Path pem = dir.resolve("idp.pem");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(keytool, "-genkeypair", "-alias", "idp", "-keyalg", "RSA", "-keysize", "2048", "-validity", "30",
                "-dname", "CN=idp.saml-e2e.test", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", "changeit", "-keypass", "changeit");
        run(keytool, "-exportcert", "-rfc", "-alias", "idp", "-keystore", store.toString(), "-storepass", "changeit",
                "-file", pem.toString());
        certificatePem = Files.readString(pem);
        // the fixture itself must be a certificate the JDK accepts, or the tests below prove nothing
        X509Certificate parsed = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(certificatePem.getBytes(StandardCharsets.US_ASCII)));
        assertEquals("CN=idp.saml-e2e.test", parsed.getSubjectX500Principal().getName());
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool timed out");
        assertEquals(0, p.exitValue(), "keytool failed: " + out);
    }

    @BeforeEach
    void organizations() throws Exception {
        org = newOrg(admin, "SAML org");
        memberId = newUser("member");
        memberToken = tokenFor(memberId);
        addMember(org, memberId, "edit");
        String outsiderId = newUser("outsider");
        outsiderToken = tokenFor(outsiderId);
        outsiderOrg = newOrg(outsiderToken, "Outsider org");
    }

    // --- helpers -------------------------------------------------------------------------------------

    static String newOrg(String token, String title) {
        return api(token).contentType(ContentType.JSON).body(Map.of("title", title + " " + UUID.randomUUID()))
                .post("/v1/orgs").then().statusCode(201).extract().path("id");
    }

    static String newUser(String name) {
        return api(admin).contentType(ContentType.JSON)
                .body(Map.of("email", name + "-" + UUID.randomUUID() + "@saml-e2e.test", "displayName", name))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
    }

    static String tokenFor(String userId) {
        return api(admin).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/" + userId + "/tokens").then().statusCode(201).extract().path("token");
    }

    /** A plain member, written straight into identity's table: the test is about SAML, not invitations. */
    static void addMember(String orgId, String userId, String role) throws Exception {
        try (Connection c = DriverManager.getConnection(DB, "bindery", "bindery");
             PreparedStatement s = c.prepareStatement(
                     "INSERT INTO identity.member (organization_id, user_id, role, joined_at, sso, disabled) VALUES (?, ?, ?, now(), false, false)")) {
            s.setString(1, orgId);
            s.setString(2, userId);
            s.setString(3, role);
            assertEquals(1, s.executeUpdate());
        }
    }

    static String newTeam(String token, String orgId, String title, List<String> members) {
        return api(token).contentType(ContentType.JSON).body(Map.of("title", title, "members", members))
                .put("/v1/orgs/" + orgId + "/teams").then().statusCode(201).extract().path("id");
    }

    Map<String, Object> fullBody(String label) {
        Map<String, Object> body = new HashMap<>();
        body.put("label", label);
        body.put("entityID", "http://www.okta.com/exk" + UUID.randomUUID());
        body.put("certificate", certificatePem);
        body.put("ssoURL", "https://idp.saml-e2e.test/app/sso/saml");
        return body;
    }

    String create(Map<String, Object> body) {
        return api(admin).contentType(ContentType.JSON).body(body).post("/v1/orgs/" + org + "/saml")
                .then().statusCode(201).extract().path("id");
    }

    static String base() {
        return Stack.GATEWAY.endsWith("/") ? Stack.GATEWAY.substring(0, Stack.GATEWAY.length() - 1) : Stack.GATEWAY;
    }

    // --- tests ---------------------------------------------------------------------------------------

    @Test
    void createGetListPatchDeleteWithEvents() {
        String teamId = newTeam(admin, org, "Engineering", List.of(memberId));
        // the embedded team is the Team resource as the teams endpoint shows it
        int teamMembers = api(admin).get("/v1/orgs/" + org + "/teams/" + teamId).then().statusCode(200)
                .extract().path("members");
        assertTrue(teamMembers >= 1);
        Map<String, Object> body = fullBody("Okta");
        body.put("defaultTeam", teamId);
        body.put("defaultRole", "read");

        Response created = api(admin).contentType(ContentType.JSON).body(body).post("/v1/orgs/" + org + "/saml");
        created.then().statusCode(201)
                .body("object", equalTo("saml-provider"))
                .body("id", hasLength(20))
                .body("label", equalTo("Okta"))
                .body("entityID", equalTo(body.get("entityID")))
                .body("certificate", equalTo(certificatePem.strip()))
                .body("ssoURL", equalTo("https://idp.saml-e2e.test/app/sso/saml"))
                .body("defaultRole", equalTo("read"))
                .body("status", equalTo("active"))
                .body("createdAt", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"))
                .body("defaultTeam.object", equalTo("team"))
                .body("defaultTeam.id", equalTo(teamId))
                .body("defaultTeam.title", equalTo("Engineering"))
                .body("defaultTeam.members", equalTo(teamMembers))
                .body("defaultTeam.spaces", equalTo(0))
                .body("defaultTeam.permissions.admin", equalTo(true))
                .body("defaultTeam.permissions.view", equalTo(true));
        String id = created.path("id");
        String location = base() + "/v1/orgs/" + org + "/saml/" + id;
        created.then().header("Location", location)
                .body("urls.location", equalTo(location))
                // the service-provider side is derived from the platform's public URL (the gateway here)
                .body("service.acsURL", equalTo(base() + "/__/auth/saml/" + id + "/acs"))
                .body("service.startURL", equalTo(base() + "/__/auth/saml/" + id + "/start"))
                .body("service.entityID", equalTo(base() + "/__/auth/saml/" + id + "/metadata"));

        api(admin).get("/v1/orgs/" + org + "/saml/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("label", equalTo("Okta")).body("defaultTeam.id", equalTo(teamId))
                .body("service.acsURL", equalTo(base() + "/__/auth/saml/" + id + "/acs"));
        api(admin).get("/v1/orgs/" + org + "/saml").then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(id)).body("next", nullValue());

        // PATCH: only what is sent changes; null defaultRole makes SSO users guests, and stays in the body
        api(admin).contentType(ContentType.JSON).body("{\"label\":\"Okta EU\",\"defaultRole\":null}")
                .patch("/v1/orgs/" + org + "/saml/" + id).then().statusCode(200)
                .body("label", equalTo("Okta EU"))
                .body("$", hasKey("defaultRole")).body("defaultRole", nullValue())
                .body("entityID", equalTo(body.get("entityID")))
                .body("defaultTeam.id", equalTo(teamId))
                .body("status", equalTo("active"));
        api(admin).contentType(ContentType.JSON)
                .body(Map.of("ssoURL", "http://idp2.saml-e2e.test/sso", "entityID", "urn:idp2", "defaultRole", "comment"))
                .patch("/v1/orgs/" + org + "/saml/" + id).then().statusCode(200)
                .body("ssoURL", equalTo("http://idp2.saml-e2e.test/sso"))
                .body("entityID", equalTo("urn:idp2"))
                .body("defaultRole", equalTo("comment"))
                .body("label", equalTo("Okta EU"));
        api(admin).contentType(ContentType.JSON).body("{\"defaultTeam\":null}")
                .patch("/v1/orgs/" + org + "/saml/" + id).then().statusCode(200)
                .body("$", not(hasKey("defaultTeam")));
        api(admin).get("/v1/orgs/" + org + "/saml/" + id).then().statusCode(200)
                .body("label", equalTo("Okta EU")).body("$", not(hasKey("defaultTeam")));

        api(admin).delete("/v1/orgs/" + org + "/saml/" + id).then().statusCode(204);
        api(admin).get("/v1/orgs/" + org + "/saml/" + id).then().statusCode(404).body("error.code", equalTo(404));
        api(admin).delete("/v1/orgs/" + org + "/saml/" + id).then().statusCode(204);
        api(admin).contentType(ContentType.JSON).body(Map.of("label", "x"))
                .patch("/v1/orgs/" + org + "/saml/" + id).then().statusCode(404);
        api(admin).get("/v1/orgs/" + org + "/saml").then().statusCode(200).body("count", equalTo(0)).body("items", empty());

        try (TopicProbe probe = new TopicProbe(Stack.KAFKA, IdentityEventTypes.TOPIC)) {
            List<JsonNode> events = probe.awaitEvents(
                    seen -> !TopicProbe.about(seen, "bindery.saml-provider.deleted.v1", id).isEmpty(), Duration.ofSeconds(30));
            JsonNode createdEvent = TopicProbe.about(events, "bindery.saml-provider.created.v1", id).get(0);
            assertEquals("/bindery/identity-service", createdEvent.path("source").asText());
            assertEquals("saml-provider", createdEvent.path("data").path("object").asText());
            assertEquals("Okta", createdEvent.path("data").path("label").asText());
            assertEquals(teamId, createdEvent.path("data").path("defaultTeam").path("id").asText());
            assertFalse(createdEvent.path("data").path("defaultTeam").has("permissions"), "no per-caller fields in events");
            List<JsonNode> updates = TopicProbe.about(events, "bindery.saml-provider.updated.v1", id);
            assertEquals(3, updates.size());
            assertEquals("Okta EU", updates.get(0).path("data").path("label").asText());
            assertTrue(updates.get(0).path("data").path("defaultRole").isNull());
            assertEquals("comment", updates.get(1).path("data").path("defaultRole").asText());
            assertFalse(updates.get(2).path("data").has("defaultTeam"));
            JsonNode deleted = TopicProbe.about(events, "bindery.saml-provider.deleted.v1", id).get(0);
            assertEquals(id, deleted.path("data").path("id").asText());
        }
    }

    @Test
    void onlyTheLabelIsRequiredAndSuchAProviderIsPendingUntilConfigured() {
        Response created = api(admin).contentType(ContentType.JSON).body(Map.of("label", "  Later  "))
                .post("/v1/orgs/" + org + "/saml");
        created.then().statusCode(201)
                .body("label", equalTo("Later"))
                .body("status", equalTo("pending"))
                .body("ssoURL", equalTo("")).body("entityID", equalTo("")).body("certificate", equalTo(""))
                .body("$", hasKey("defaultRole")).body("defaultRole", nullValue())
                .body("$", not(hasKey("defaultTeam")))
                .body("service.startURL", startsWith(base() + "/__/auth/saml/"));
        String id = created.path("id");
        // a pending provider cannot sign anyone in, so the login list leaves it out
        api(memberToken).get("/v1/orgs/" + org + "/sso").then().statusCode(200).body("items", empty());

        Map<String, Object> rest = fullBody("Later");
        rest.remove("label");
        api(admin).contentType(ContentType.JSON).body(rest).patch("/v1/orgs/" + org + "/saml/" + id)
                .then().statusCode(200).body("status", equalTo("active")).body("label", equalTo("Later"));
        api(memberToken).get("/v1/orgs/" + org + "/sso").then().statusCode(200)
                .body("items.id", contains(id)).body("items[0].label", equalTo("Later"));
    }

    @Test
    void aBareBase64CertificateBodyIsAccepted() {
        String body = certificatePem.replace("-----BEGIN CERTIFICATE-----", "").replace("-----END CERTIFICATE-----", "").strip();
        Map<String, Object> input = fullBody("Metadata cert");
        input.put("certificate", body);
        api(admin).contentType(ContentType.JSON).body(input).post("/v1/orgs/" + org + "/saml")
                .then().statusCode(201).body("certificate", equalTo(body)).body("status", equalTo("active"));
    }

    @Test
    void everyLimitAndBadValueIs400NamingTheField() {
        String foreignTeam = newTeam(outsiderToken, outsiderOrg, "Theirs", List.of());
        String existing = create(fullBody("Existing"));
        Object[][] cases = {
                {"label", ""},
                {"label", "   "},
                {"label", "x".repeat(31)},
                {"label", 42},
                {"entityID", "e".repeat(1025)},
                {"entityID", true},
                {"certificate", "C".repeat(10001)},
                {"certificate", "this is not a certificate"},
                {"certificate", "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n"},
                {"certificate", "QUJDRA=="},
                {"ssoURL", "not a uri"},
                {"ssoURL", "/relative/sso"},
                {"ssoURL", "ftp://idp.saml-e2e.test/sso"},
                {"ssoURL", "https://idp.saml-e2e.test/" + "p".repeat(2049 - "https://idp.saml-e2e.test/".length())},
                {"ssoURL", 7},
                {"defaultTeam", "nosuchteam"},
                {"defaultTeam", "AAAAAAAAAAAAAAAAAAAA"},
                {"defaultTeam", foreignTeam},
                {"defaultTeam", 1},
                {"defaultRole", "owner"},
                {"defaultRole", "ADMIN"},
                {"defaultRole", 5},
        };
        for (Object[] c : cases) {
            String field = (String) c[0];
            Map<String, Object> createBody = fullBody("Limits");
            createBody.put(field, c[1]);
            api(admin).contentType(ContentType.JSON).body(createBody).post("/v1/orgs/" + org + "/saml")
                    .then().statusCode(400).body("error.code", equalTo(400)).body("error.message", containsString(field));
            Map<String, Object> patchBody = new HashMap<>();
            patchBody.put(field, c[1]);
            api(admin).contentType(ContentType.JSON).body(patchBody).patch("/v1/orgs/" + org + "/saml/" + existing)
                    .then().statusCode(400).body("error.message", containsString(field));
        }
        // the limits themselves are allowed
        Map<String, Object> atLimits = fullBody("y".repeat(30));
        atLimits.put("entityID", "e".repeat(1024));
        atLimits.put("ssoURL", "https://idp.saml-e2e.test/" + "p".repeat(2048 - "https://idp.saml-e2e.test/".length()));
        api(admin).contentType(ContentType.JSON).body(atLimits).post("/v1/orgs/" + org + "/saml")
                .then().statusCode(201).body("label", hasLength(30)).body("entityID", hasLength(1024)).body("ssoURL", hasLength(2048));

        api(admin).contentType(ContentType.JSON).body(Map.of("entityID", "urn:x")).post("/v1/orgs/" + org + "/saml")
                .then().statusCode(400).body("error.message", containsString("label"));
        api(admin).contentType(ContentType.JSON).body("{\"label\":null}").post("/v1/orgs/" + org + "/saml")
                .then().statusCode(400).body("error.message", containsString("label"));
        api(admin).contentType(ContentType.JSON).body("{\"label\":").post("/v1/orgs/" + org + "/saml")
                .then().statusCode(400).body("error.code", equalTo(400));
        api(admin).contentType(ContentType.JSON).body("[1]").post("/v1/orgs/" + org + "/saml")
                .then().statusCode(400).body("error.code", equalTo(400));
        api(admin).post("/v1/orgs/" + org + "/saml").then().statusCode(400).body("error.code", equalTo(400));
        api(admin).contentType(ContentType.JSON).body("{\"label\":null}").patch("/v1/orgs/" + org + "/saml/" + existing)
                .then().statusCode(400).body("error.message", containsString("label"));
        // nothing was changed by any refused request
        api(admin).get("/v1/orgs/" + org + "/saml/" + existing).then().statusCode(200)
                .body("label", equalTo("Existing")).body("ssoURL", equalTo("https://idp.saml-e2e.test/app/sso/saml"));
        api(admin).get("/v1/orgs/" + org + "/saml").then().statusCode(200).body("count", equalTo(2));
    }

    @Test
    void listPagesWithAKeysetCursor() {
        String a = create(fullBody("A"));
        String b = create(fullBody("B"));
        String c = create(fullBody("C"));
        Response first = api(admin).queryParam("limit", 2).get("/v1/orgs/" + org + "/saml");
        first.then().statusCode(200).body("count", equalTo(3)).body("items.id", contains(a, b))
                .body("next.page", not(emptyOrNullString()));
        String page = first.path("next.page");
        api(admin).queryParam("limit", 2).queryParam("page", page).get("/v1/orgs/" + org + "/saml").then().statusCode(200)
                .body("count", equalTo(3)).body("items.id", contains(c)).body("next", nullValue());
        api(admin).queryParam("page", page + "x").get("/v1/orgs/" + org + "/saml").then().statusCode(400)
                .body("error.message", containsString("page"));
        for (String bad : new String[]{"0", "1001", "many"}) {
            api(admin).queryParam("limit", bad).get("/v1/orgs/" + org + "/saml").then().statusCode(400)
                    .body("error.message", containsString("limit"));
        }
    }

    @Test
    void ssoListsTheLoginsOfTheOrganizationToAnyMember() {
        String okta = create(fullBody("Okta"));
        String azure = create(fullBody("Azure AD"));
        for (String token : new String[]{admin, memberToken}) {
            api(token).get("/v1/orgs/" + org + "/sso").then().statusCode(200)
                    .body("items.id", contains(okta, azure))
                    .body("items.label", contains("Okta", "Azure AD"))
                    .body("items[0].startURL", equalTo(base() + "/__/auth/saml/" + okta + "/start"))
                    .body("items[1].startURL", equalTo(base() + "/__/auth/saml/" + azure + "/start"))
                    .body("items[0].keySet()", containsInAnyOrder("id", "label", "startURL"));
        }
        api(outsiderToken).get("/v1/orgs/" + org + "/sso").then().statusCode(404);
        api(outsiderToken).get("/v1/orgs/" + outsiderOrg + "/sso").then().statusCode(200).body("items", empty());
    }

    @Test
    void anotherOrganizationsAdminGets404AndAPlainMember403() {
        String id = create(fullBody("Guarded"));
        String base = "/v1/orgs/" + org + "/saml";
        String json = "{\"label\":\"Hacked\"}";
        // not a member: the organization does not exist for them
        api(outsiderToken).get(base).then().statusCode(404).body("error.code", equalTo(404));
        api(outsiderToken).contentType(ContentType.JSON).body(json).post(base).then().statusCode(404);
        api(outsiderToken).get(base + "/" + id).then().statusCode(404);
        api(outsiderToken).contentType(ContentType.JSON).body(json).patch(base + "/" + id).then().statusCode(404);
        api(outsiderToken).delete(base + "/" + id).then().statusCode(404);
        api(outsiderToken).get("/v1/orgs/" + org + "/sso").then().statusCode(404);
        api(outsiderToken).post("/v1/orgs/" + org + "/members/" + memberId + "/sso").then().statusCode(404);
        // another organization's provider is not found through one's own organization either
        api(outsiderToken).get("/v1/orgs/" + outsiderOrg + "/saml/" + id).then().statusCode(404);
        api(outsiderToken).delete("/v1/orgs/" + outsiderOrg + "/saml/" + id).then().statusCode(204);
        api(outsiderToken).contentType(ContentType.JSON).body(json).patch("/v1/orgs/" + outsiderOrg + "/saml/" + id).then().statusCode(404);

        // a member, but not an admin
        api(memberToken).get(base).then().statusCode(403).body("error.code", equalTo(403));
        api(memberToken).contentType(ContentType.JSON).body(json).post(base).then().statusCode(403);
        api(memberToken).get(base + "/" + id).then().statusCode(403);
        api(memberToken).contentType(ContentType.JSON).body(json).patch(base + "/" + id).then().statusCode(403);
        api(memberToken).delete(base + "/" + id).then().statusCode(403);
        api(memberToken).post("/v1/orgs/" + org + "/members/" + memberId + "/sso").then().statusCode(403);

        // no token: the gateway refuses
        Stack.api().get(base).then().statusCode(401).body("error.code", equalTo(401));
        Stack.api().get("/v1/orgs/" + org + "/sso").then().statusCode(401);

        api(admin).get(base + "/" + id).then().statusCode(200).body("label", equalTo("Guarded"));
        api(admin).get(base + "/nosuchprovider").then().statusCode(404);
        api(admin).get("/v1/orgs/nosuchorg/saml").then().statusCode(404);
    }

    @Test
    void deletingTheDefaultTeamLeavesTheProviderWithoutOne() {
        String teamId = newTeam(admin, org, "Short-lived", List.of());
        Map<String, Object> body = fullBody("With team");
        body.put("defaultTeam", teamId);
        String id = create(body);
        api(admin).delete("/v1/orgs/" + org + "/teams/" + teamId).then().statusCode(204);
        api(admin).get("/v1/orgs/" + org + "/saml/" + id).then().statusCode(200)
                .body("$", not(hasKey("defaultTeam"))).body("label", equalTo("With team"));
        api(admin).contentType(ContentType.JSON).body(Map.of("defaultTeam", teamId))
                .patch("/v1/orgs/" + org + "/saml/" + id).then().statusCode(400)
                .body("error.message", containsString("defaultTeam"));
    }

    @Test
    void aGuestSeesTheLoginsButNotTheProviders() throws Exception {
        String guestId = newUser("guest");
        String guestToken = tokenFor(guestId);
        addMember(org, guestId, null);
        String id = create(fullBody("Okta"));
        api(guestToken).get("/v1/orgs/" + org + "/sso").then().statusCode(200).body("items.id", contains(id));
        api(guestToken).get("/v1/orgs/" + org + "/saml").then().statusCode(403);
        api(guestToken).get("/v1/orgs/" + org + "/saml/" + id).then().statusCode(403);
    }

    @Test
    void anAdminMarksAMemberAsSso() {
        String teamId = newTeam(admin, org, "SSO team", List.of(memberId));
        Response marked = api(admin).post("/v1/orgs/" + org + "/members/" + memberId + "/sso");
        marked.then().statusCode(200)
                .body("object", equalTo("member"))
                .body("id", equalTo(memberId))
                .body("role", equalTo("edit"))
                .body("user.object", equalTo("user"))
                .body("user.id", equalTo(memberId))
                .body("user.displayName", equalTo("member"))
                .body("disabled", equalTo(false))
                .body("joinedAt", not(emptyOrNullString()))
                .body("$", not(hasKey("lastSeenAt")))
                .body("sso", equalTo(true))
                .body("spaces", equalTo(0))
                .body("teams", equalTo(1));
        assertNotNull(teamId);
        // marking again is harmless
        api(admin).post("/v1/orgs/" + org + "/members/" + memberId + "/sso").then().statusCode(200).body("sso", equalTo(true));

        String stranger = newUser("stranger");
        api(admin).post("/v1/orgs/" + org + "/members/" + stranger + "/sso").then().statusCode(404).body("error.code", equalTo(404));
        api(admin).post("/v1/orgs/" + org + "/members/nosuchuser/sso").then().statusCode(404);

        try (TopicProbe probe = new TopicProbe(Stack.KAFKA, IdentityEventTypes.TOPIC)) {
            List<JsonNode> events = probe.awaitEvents(seen -> TopicProbe.about(seen, "bindery.member.updated.v1", org).stream()
                    .anyMatch(e -> memberId.equals(e.path("data").path("user").asText())), Duration.ofSeconds(30));
            List<JsonNode> updates = TopicProbe.about(events, "bindery.member.updated.v1", org).stream()
                    .filter(e -> memberId.equals(e.path("data").path("user").asText())).toList();
            assertEquals(1, updates.size(), "only the change publishes");
            JsonNode data = updates.get(0).path("data");
            assertEquals(org, data.path("organization").asText());
            assertEquals("edit", data.path("role").asText());
            assertTrue(data.path("sso").asBoolean());
        }
    }
}
