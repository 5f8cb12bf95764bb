package io.bindery.commons.events;

import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.sites.SitesEventTypes;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every CloudEvent type the platform's producers publish (the constants of the contracts' types classes), so that a
 * consumer can tell an unknown version of a known type ({@code bindery.space.updated.v9} where it reads
 * {@code .v1}: undeliverable, it would be misread) from a type it has never heard of (ignored, as a newer producer
 * may publish types an older consumer does not need).
 */
public final class EventTypeCatalog {
    private static final Pattern VERSIONED = Pattern.compile("^(.+)\\.v(\\d+)$");
    private static final Set<String> KNOWN = new HashSet<>();
    private static final Set<String> KNOWN_BASES = new HashSet<>();

    static {
        for (Class<?> types : new Class<?>[]{ContentEventTypes.class, IdentityEventTypes.class, InsightsEventTypes.class,
                IntegrationsEventTypes.class, OpenApiEventTypes.class, ReviewEventTypes.class, SitesEventTypes.class}) {
            for (Field f : types.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    try {
                        String value = (String) f.get(null);
                        Matcher m = VERSIONED.matcher(value);
                        if (m.matches()) {
                            KNOWN.add(value);
                            KNOWN_BASES.add(m.group(1));
                        }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
    }

    private EventTypeCatalog() {
    }

    /** True for a version of a known type that no producer of this platform publishes (e.g. a v2 of a v1 type). */
    public static boolean isUnknownVersion(String type) {
        if (type == null || KNOWN.contains(type)) {
            return false;
        }
        Matcher m = VERSIONED.matcher(type);
        return m.matches() && KNOWN_BASES.contains(m.group(1));
    }
}
