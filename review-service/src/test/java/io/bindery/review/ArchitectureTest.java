package io.bindery.review;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** review-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.review");
    }
}
