package io.bindery.sites.site;

import java.util.Optional;

/**
 * A change of a site's settings (PATCH …/sites/{s}): each one absent leaves it unchanged; {@code proxy} and
 * {@code hostname} also take {@link Optional#empty()} inside a present Optional, which removes them.
 */
public record SiteSettings(Optional<String> title, Optional<SiteVisibility> visibility, Optional<String> basename,
                           Optional<Boolean> adaptiveContent, Optional<AgentsContext> agentsContext,
                           Optional<Optional<String>> proxy, Optional<Optional<String>> hostname) {

    /** Whether any setting is given (the site's update time and event follow only then). */
    public boolean changesAny() {
        return title.isPresent() || visibility.isPresent() || basename.isPresent() || adaptiveContent.isPresent()
                || agentsContext.isPresent() || proxy.isPresent() || hostname.isPresent();
    }
}
