package io.bindery.review.users;

import io.bindery.commons.projection.UserDirectory;
import io.bindery.commons.projection.UserRef;
import io.bindery.commons.urls.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Collection;
import java.util.Map;

/** User objects (authors, reviewers, reactors) of a page of results: looked up at once, shown one by one. */
@ApplicationScoped
public class UserViews {
    @Inject
    UserDirectory users;
    @Inject
    PublicUrls urls;

    public Map<String, UserRef> find(Collection<String> ids) {
        return users.findAll(ids);
    }

    /** A user the directory does not know (deleted in identity) still shows, with its id as its name. */
    public UserRef.View view(Map<String, UserRef> known, String id) {
        UserRef user = known.get(id);
        return (user == null ? new UserRef(id, id, null, null) : user).view(urls);
    }
}
