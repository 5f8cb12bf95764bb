package io.bindery.sites.site;

import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.sites.SiteData;
import io.bindery.sites.access.SitePolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/** Sites as the API shows them ({@link SiteView}) and as their events carry them ({@link SiteData}). */
@ApplicationScoped
public class SiteViews {
    @Inject
    PublicUrls urls;

    public SiteView site(SiteRecord s, long siteSpaces, SitePolicy policy) {
        return new SiteView("site", s.id(), s.type(), s.type(), s.title(), s.hostname(), s.basename(),
                s.proxy() == null ? null : new SiteView.Proxy(s.proxy(), publishedUrl(s)), s.visibility(), "inherit",
                policy.permissions(), s.published(), siteSpaces, s.createdAt(), new SiteView.AdaptiveContent(s.adaptiveContent()),
                s.agentsContext(), List.of(), new SiteView.Urls(urls.api("/orgs/" + s.organizationId() + "/sites/" + s.id()),
                urls.app("/o/" + s.organizationId() + "/sites/" + s.id()), urls.app("/o/" + s.organizationId() + "/sites/" + s.id() + "/preview"),
                s.published() ? publishedUrl(s) : null));
    }

    /** The site's published address: its hostname when it has one, else its path on the platform. */
    public String publishedUrl(SiteRecord s) {
        return s.hostname() != null ? "https://" + s.hostname() + "/" : urls.app("/sites/" + s.id() + "/");
    }

    public SiteData data(SiteRecord s) {
        return new SiteData(s.id(), s.organizationId(), s.type().wire(), s.title(), s.visibility().wire(), s.published(),
                s.basename(), s.hostname(), s.proxy(), s.adaptiveContent(), s.agentsContext().wire(), s.createdAt(), s.updatedAt());
    }
}
