package io.bindery.insights;

import io.bindery.commons.testing.ServiceArchitectureTest;
import java.util.List;

/** insights-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.insights");
    }

    /** Internal callers still on a JDK client: to REST Clients with one policy (issue 30). */
    @Override
    protected List<String> stillOnTheJdkHttpClient() {
        return List.of("io.bindery.insights.translations.HttpSpaceContent");
    }

    /** Conversation and ConversationIssue read by clusters and issues, until each has its store (issue 30). */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 34;
    }
}
