package io.bindery.identity.users;

import io.bindery.identity.support.AdvisoryLocks;
import io.bindery.identity.support.Inputs;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.UserChanged;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.urls.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

@ApplicationScoped
public class Users {
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+\\.[^@\\s\\p{Cntrl}]+$");
    /** The advisory-lock namespace of e-mail addresses (lower case): held from "is it free?" to the insert. */
    public static final String EMAIL_LOCKS = "email";

    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;
    @Inject
    AdvisoryLocks locks;

    /**
     * Creates a user; 409 when the e-mail is taken. The address is locked first, so of two creations of one address
     * the second sees the first's commit and answers 409 (not a unique-index 500).
     */
    @Transactional
    public UserAccount create(String email, String displayName, String photoUrl, boolean instanceAdmin) {
        String valid = validEmail(email);
        locks.lock(EMAIL_LOCKS, List.of(valid.toLowerCase(Locale.ROOT)));
        if (UserAccount.findByEmail(valid).isPresent()) {
            throw ApiException.conflict("a user with email " + valid + " already exists");
        }
        return createKnownNew(valid, displayName, photoUrl, instanceAdmin);
    }

    /** The user with this e-mail, created when there is none (the instance admin at start, by any replica). */
    @Transactional
    public UserAccount ensure(String email, String displayName, boolean instanceAdmin) {
        String valid = validEmail(email);
        locks.lock(EMAIL_LOCKS, List.of(valid.toLowerCase(Locale.ROOT)));
        return UserAccount.findByEmail(valid).orElseGet(() -> createKnownNew(valid, displayName, null, instanceAdmin));
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

    /**
     * Creates a user whose e-mail the caller has already checked to be valid and unused (bulk invites), holding
     * its lock ({@link #EMAIL_LOCKS}).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public UserAccount createKnownNew(String email, String displayName, String photoUrl, boolean instanceAdmin) {
        if (displayName == null || displayName.isBlank()) {
            throw ApiException.badRequest("displayName is required");
        }
        if (displayName.length() > 255) {
            throw ApiException.badRequest("displayName must be at most 255 characters");
        }
        Inputs.noNul("displayName", displayName);
        if (photoUrl != null && (photoUrl.length() > 2048 || !photoUrl.matches("^https?://\\S+$") || Inputs.hasNul(photoUrl))) {
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
        events.publish(IdentityEventTypes.USER_CREATED, user.id, eventData(user));
        return user;
    }

    @Transactional
    public UserAccount get(String userId) {
        UserAccount user = userId == null || Inputs.hasNul(userId) ? null : UserAccount.findById(userId);
        if (user == null) {
            throw ApiException.notFound("no user " + userId);
        }
        return user;
    }

    /** The caller's account; 401 when the token's user no longer exists. */
    public UserAccount requireCaller(String callerId) {
        UserAccount me = UserAccount.findById(callerId);
        if (me == null) {
            throw ApiException.unauthorized("the token's user no longer exists");
        }
        return me;
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

    /** The data of the user events: the User object. */
    private UserChanged eventData(UserAccount user) {
        return new UserChanged("user", user.id, user.displayName, user.email, user.photoUrl,
                new UserChanged.Urls(urls.api("/users/" + user.id)));
    }

    public UserView view(UserAccount user) {
        return new UserView("user", user.id, user.displayName, user.email, user.photoUrl,
                new UserView.Urls(urls.api("/users/" + user.id)));
    }
}
