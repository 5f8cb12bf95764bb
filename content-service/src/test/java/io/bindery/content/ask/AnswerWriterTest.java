package io.bindery.content.ask;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.content.testing.ChatStandIn;
import io.bindery.content.testing.InsightsStandIn;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ask with the operator's answer writer configured: an OpenAI-compatible chat endpoint over real HTTP
 * ({@link ChatStandIn}) writes the answer from the passages, citing them, and the sources follow it; when the
 * endpoint fails or is slower than {@code bindery.ask.writer.timeout}, ask still answers 200 with the passages alone.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(InsightsStandIn.class)
@WithTestResource(ChatStandIn.class)
class AnswerWriterTest {

    @AfterEach
    void answerAgain() {
        ChatStandIn.mode = ChatStandIn.Mode.ANSWER;
    }

    @Test
    void theAnswerIsWrittenFromThePassagesWithCitations() {
        AskTest.Org o = AskTest.handbook();
        ChatStandIn.reply = "Ask for a reset link: it arrives by email within minutes [1].";
        ChatStandIn.REQUESTS.clear();
        as(o.admin()).queryParam("format", "markdown").body(Map.of("query", "reset link"))
                .post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.answer.markdown", startsWith("Ask for a reset link: it arrives by email within minutes [1]."))
                .body("answer.answer.markdown", containsString("**Sources**\n\n1. [Resetting a password › Forgotten credentials]("))
                .body("answer.answer.markdown", containsString("/s/" + o.space() + "/"))
                // the passages' sources are the same as without a writer
                .body("answer.sources.page", contains(o.pages().get(0)))
                .body("answer.followupQuestions", hasSize(0));
        assertEquals(1, ChatStandIn.REQUESTS.size());
        JsonNode sent = ChatStandIn.REQUESTS.get(0);
        assertEquals("stand-in", sent.path("model").asText());
        assertEquals("system", sent.path("messages").get(0).path("role").asText());
        String prompt = sent.path("messages").get(1).path("content").asText();
        assertTrue(prompt.startsWith("Question: reset link"), prompt);
        assertTrue(prompt.contains("[1] Resetting a password › Forgotten credentials\nRequest a reset link"), prompt);

        // sites' ask: the written answer beside the passages, which it cites by number
        ChatStandIn.reply = "Invoices are monthly [1].";
        internal().body(Map.of("spaces", List.of(o.space()), "question", "invoices", "passages", 3))
                .post("/internal/ask").then().statusCode(200)
                .body("written", equalTo("Invoices are monthly [1]."))
                .body("passages.page", contains(o.pages().get(1)))
                .body("passages[0].text", containsString("Invoices are issued monthly"))
                .body("passages[0].text", not(containsString("<mark>")));
    }

    @Test
    void aFailingWriterLeavesTheRetrievalAnswer() {
        AskTest.Org o = AskTest.handbook();
        ChatStandIn.mode = ChatStandIn.Mode.FAIL;
        retrievalOnly(o);
    }

    @Test
    void aSlowWriterLeavesTheRetrievalAnswer() {
        AskTest.Org o = AskTest.handbook();
        ChatStandIn.mode = ChatStandIn.Mode.SLOW;
        long start = System.nanoTime();
        retrievalOnly(o);
        // two asks, each waiting for the writer no longer than its timeout (1 s) and some
        assertTrue((System.nanoTime() - start) / 1_000_000 < 5_000, "waited for the slow writer");
    }

    private static void retrievalOnly(AskTest.Org o) {
        as(o.admin()).queryParam("format", "markdown").body(Map.of("query", "invoices"))
                .post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.answer.markdown", startsWith("**Billing** ([source]("))
                .body("answer.answer.markdown", containsString("> Invoices are issued monthly by the billing team."))
                .body("answer.sources.page", contains(o.pages().get(1)));
        internal().body(Map.of("spaces", List.of(o.space()), "question", "invoices", "passages", 3))
                .post("/internal/ask").then().statusCode(200)
                .body("written", nullValue())
                .body("passages.page", contains(o.pages().get(1)));
    }
}
