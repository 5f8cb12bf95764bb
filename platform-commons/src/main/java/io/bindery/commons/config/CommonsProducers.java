package io.bindery.commons.config;

import io.bindery.commons.urls.PublicUrls;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** CDI wiring for the plain classes of platform-commons, from application.properties / environment. */
@Singleton
public class CommonsProducers {

    @Produces
    @Singleton
    PublicUrls publicUrls(BinderyServiceConfig config) {
        return new PublicUrls(config.publicUrl());
    }
}
