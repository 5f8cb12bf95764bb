package io.bindery.commons.client;

import io.vertx.core.http.HttpClientOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

/** The options internal clients start from; the calls themselves are tested through every service's clients. */
class InternalClientsTest {

    @Test
    void clientsLookForExpiredConnectionsEveryTenSecondsNotEverySecond() {
        HttpClientOptions options = new InternalClients.QuietConnectionPool().getContext(HttpClientOptions.class);
        assertEquals(10_000, options.getPoolCleanerPeriod());
        assertEquals(HttpClientOptions.DEFAULT_POOL_CLEANER_PERIOD, 1000, "Vert.x's default, which woke idle services");
        // everything else is Vert.x's default, for the builder's settings to go on top
        assertEquals(new HttpClientOptions().getKeepAliveTimeout(), options.getKeepAliveTimeout());
        assertEquals(new HttpClientOptions().getMaxPoolSize(), options.getMaxPoolSize());
    }

    @Test
    void eachClientGetsOptionsOfItsOwn() {
        // a client sets its own timeouts on the options it is given: sharing one instance would mix them up
        InternalClients.QuietConnectionPool pool = new InternalClients.QuietConnectionPool();
        assertNotSame(pool.getContext(HttpClientOptions.class), pool.getContext(HttpClientOptions.class));
    }
}
