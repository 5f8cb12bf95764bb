package io.bindery.content.collections;

import io.bindery.commons.auth.Role;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.content.access.CollectionPolicy;
import io.bindery.content.items.CollectionView;
import io.bindery.content.items.ContentViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The API shape of a collection; a null role leaves out {@code permissions} (event data). */
@ApplicationScoped
public class CollectionViews {
    @Inject
    PublicUrls urls;

    public CollectionView collection(Collection c, Role role) {
        return new CollectionView("collection", c.id, c.title, c.description, c.organizationId, c.parentId,
                ContentViews.level(c.defaultLevel),
                new CollectionView.Urls(urls.api("/collections/" + c.id), urls.app("/o/" + c.organizationId + "/c/" + c.id)),
                role == null ? null : new CollectionPolicy(c.id, role).permissions());
    }
}
