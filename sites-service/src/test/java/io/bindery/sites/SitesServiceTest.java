package io.bindery.sites;

import io.bindery.commons.testing.NotImplementedServiceContract;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@WithTestResource(TestIdentity.class)
class SitesServiceTest extends NotImplementedServiceContract {
}
