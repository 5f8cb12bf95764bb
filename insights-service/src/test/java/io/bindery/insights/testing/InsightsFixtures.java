package io.bindery.insights.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.restassured.specification.RequestSpecification;

import java.time.Instant;
import java.util.List;
import java.util.Random;

import static io.restassured.RestAssured.given;

/** What the insights tests share: members, and conversations about three distinct problems with varied wording. */
public final class InsightsFixtures {
    private static final ObjectMapper JSON = new ObjectMapper();

    private InsightsFixtures() {
    }

    public static RequestSpecification as(String user) {
        return given().header("Authorization", "Bearer " + TestIdentity.token(user)).contentType("application/json");
    }

    public static String member(String org, String role) {
        String user = Ids.newId();
        TestIdentity.addMembership(org, user, role, null, Instant.now());
        return user;
    }

    /** The three problems: sign-in, PDF export, custom domains; each a list of ways users put it. */
    public static final List<List<String>> PROBLEMS = List.of(
            List.of("I can't log in to my account since this morning.",
                    "Login with SSO fails with an error after the redirect.",
                    "How do I reset my password? The login page rejects it.",
                    "Our team members are unable to sign in with Google SSO.",
                    "The login page keeps redirecting me back, I cannot sign in.",
                    "The two-factor login code is not accepted, so I can't access my account.",
                    "The password reset email never arrives and I cannot log in.",
                    "SAML SSO login is broken for our organization.",
                    "Is there a way to stay logged in? My session expires and I have to sign in again.",
                    "After changing my password the login fails."),
            List.of("Export to PDF fails for large spaces.",
                    "How can I export a space as a PDF?",
                    "The PDF export is missing images.",
                    "When I download the PDF the code blocks are cut off.",
                    "The PDF export button does nothing.",
                    "Is it possible to export only one page to PDF?",
                    "The exported PDF has broken formatting in tables.",
                    "Our PDF download times out when exporting the whole space.",
                    "Can I print the documentation or export it to PDF?",
                    "The PDF export has the wrong fonts."),
            List.of("Our custom domain shows an SSL certificate error.",
                    "How do I set up a custom domain with a CNAME record?",
                    "The DNS for our custom domain is configured but the site does not load.",
                    "Custom domain verification is stuck on pending.",
                    "Is it possible to use a subdomain like docs.example.com as a custom domain?",
                    "The SSL certificate for our domain has expired.",
                    "After changing the DNS records, the custom domain is not working.",
                    "Where do I add the CNAME for my docs domain?",
                    "The custom domain redirects to the wrong site.",
                    "Our domain shows an insecure connection warning, the certificate is missing."));

    private static final List<String> OPENINGS = List.of("", "Hi team, ", "Hello, ", "Hey there! ", "Good morning. ");
    private static final List<String> CLOSINGS = List.of("", " Thanks!", " Any idea?", " This is urgent for us.",
            " It was fine last month.", " We are on the business plan.");

    /**
     * A conversation about problem {@code problem} (0-2), {@code daysAgo} days ago: a user turn saying it in one of
     * its ways, the assistant's answer, and sometimes a thank-you (no issue).
     */
    public static String conversation(String id, int problem, double daysAgo, Random random) {
        ObjectNode body = JSON.createObjectNode();
        body.put("id", id);
        List<String> ways = PROBLEMS.get(problem);
        String way = ways.get(random.nextInt(ways.size()));
        body.put("subject", way.length() > 40 ? way.substring(0, 40) : way);
        ObjectNode metadata = body.putObject("metadata");
        metadata.put("url", "https://support.example.com/c/" + id);
        metadata.put("createdAt", Instant.now().minusSeconds((long) (daysAgo * 86400)).toString());
        metadata.putObject("attributes").put("source", random.nextBoolean() ? "intercom" : "zendesk");
        ArrayNode parts = body.putArray("parts");
        parts.addObject().put("type", "message").put("role", "user")
                .put("body", OPENINGS.get(random.nextInt(OPENINGS.size())) + way
                        + CLOSINGS.get(random.nextInt(CLOSINGS.size())));
        parts.addObject().put("type", "message").put("role", "assistant")
                .put("body", "Thanks for reaching out. Let me look into this for you.");
        if (random.nextInt(4) == 0) {
            parts.addObject().put("type", "message").put("role", "user").put("body", "Thank you, have a nice day.");
        }
        return body.toString();
    }
}
