package io.bindery.identity.service;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.identity.domain.UserAccount;
import io.bindery.identity.rest.dto.UserView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

@ApplicationScoped
public class Users {
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");

    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;

    @Transactional
    public UserAccount create(String email, String displayName, String photoUrl, boolean instanceAdmin) {
        String valid = validEmail(email);
        if (UserAccount.findByEmail(valid).isPresent()) {
            throw ApiException.conflict("a user with email " + valid + " already exists");
        }
        return createKnownNew(valid, displayName, photoUrl, instanceAdmin);
    }

    /** The e-mail, trimmed, or 400 naming the field. */
    public static String validEmail(String email) {
        if (email == null || email.isBlank()) {
            throw ApiException.badRequest("email is required");
        }
        String trimmed = email.trim();
        if (trimmed.length() > 254 || !EMAIL.matcher(trimmed).matches()) {
            throw ApiException.badRequest("email must be an e-mail address of at most 254 characters");
        }
        return trimmed;
    }

    /** Creates a user whose e-mail the caller has already checked to be valid and unused (bulk invites). */
    @Transactional(Transactional.TxType.MANDATORY)
    public UserAccount createKnownNew(String email, String displayName, String photoUrl, boolean instanceAdmin) {
        if (displayName == null || displayName.isBlank()) {
            throw ApiException.badRequest("displayName is required");
        }
        if (displayName.length() > 255) {
            throw ApiException.badRequest("displayName must be at most 255 characters");
        }
        if (photoUrl != null && (photoUrl.length() > 2048 || !photoUrl.matches("^https?://\\S+$"))) {
            throw ApiException.badRequest("photoURL must be an http(s) URL of at most 2048 characters");
        }
        UserAccount user = new UserAccount();
        user.id = Ids.newId();
        user.email = email;
        user.displayName = displayName.trim();
        user.photoUrl = photoUrl;
        user.instanceAdmin = instanceAdmin;
        user.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        user.persist();
        events.publish("bindery.user.created.v1", user.id, view(user));
        return user;
    }

    @Transactional
    public UserAccount get(String userId) {
        UserAccount user = userId == null ? null : UserAccount.findById(userId);
        if (user == null) {
            throw ApiException.notFound("no user " + userId);
        }
        return user;
    }

    /** Instance-administration endpoints are for the instance admin only. */
    @Transactional
    public UserAccount requireInstanceAdmin(String userId) {
        UserAccount user = UserAccount.findById(userId);
        if (user == null || !user.instanceAdmin) {
            throw ApiException.forbidden("only the instance admin may do this");
        }
        return user;
    }

    public UserView view(UserAccount user) {
        return new UserView("user", user.id, user.displayName, user.email, user.photoUrl,
                new UserView.Urls(urls.api("/users/" + user.id)));
    }
}
