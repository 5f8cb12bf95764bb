package io.bindery.identity.users;

import io.bindery.identity.support.Inputs;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.urls.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

@ApplicationScoped
public class Users {
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+\\.[^@\\s\\p{Cntrl}]+$");
    /** The advisory-lock namespace of e-mail addresses (lower case): held from "is it free?" to the insert. */
    static final String EMAIL_LOCKS = "email";

    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;
    @Inject
    UserStore store;
    @Inject
    UserViews views;

    /** What other features read of a user: its id, e-mail address and whether it is the instance admin. */
    public record Account(String id, String email, boolean instanceAdmin) {
    }

    /**
     * Creates a user; 409 when the e-mail is taken. The address is locked first, so of two creations of one address
     * the second sees the first's commit and answers 409 (not a unique-index 500).
     */
    @Transactional
    UserAccount create(String email, String displayName, String photoUrl, boolean instanceAdmin) {
        String valid = validEmail(email);
        store.lockEmails(List.of(valid.toLowerCase(Locale.ROOT)));
        if (store.findByEmail(valid).isPresent()) {
            throw ApiException.conflict("a user with email " + valid + " already exists");
        }
        return insert(valid, displayName, photoUrl, instanceAdmin);
    }

    /**
     * The id of the user with this e-mail, created when there is none (the instance admin at start, by any
     * replica).
     */
    @Transactional
    public String ensure(String email, String displayName, boolean instanceAdmin) {
        String valid = validEmail(email);
        store.lockEmails(List.of(valid.toLowerCase(Locale.ROOT)));
        return store.findByEmail(valid).orElseGet(() -> insert(valid, displayName, null, instanceAdmin)).id;
    }

    /**
     * Locks e-mail addresses (lower case) until the caller's transaction ends, for another feature that checks that
     * they are free and then creates their users (invites): it takes turns with {@link #create} and {@link #ensure}.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lockEmails(Collection<String> lowerEmails) {
        store.lockEmails(lowerEmails);
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
     * its lock ({@link #EMAIL_LOCKS}); answers its id.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public String createKnownNew(String email, String displayName, String photoUrl, boolean instanceAdmin) {
        return insert(email, displayName, photoUrl, instanceAdmin).id;
    }

    private UserAccount insert(String email, String displayName, String photoUrl, boolean instanceAdmin) {
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
        store.persist(user);
        events.publish(IdentityEventTypes.USER_CREATED, user.id, views.event(user));
        return user;
    }

    /** The user; 404 when there is none. */
    @Transactional
    public Account get(String userId) {
        UserAccount user = require(userId);
        return new Account(user.id, user.email, user.instanceAdmin);
    }

    /** The User resource of a user; 404 when there is none. */
    @Transactional
    public UserView viewOf(String userId) {
        return views.view(require(userId));
    }

    private UserAccount require(String userId) {
        UserAccount user = userId == null || Inputs.hasNul(userId) ? null : store.find(userId);
        if (user == null) {
            throw ApiException.notFound("no user " + userId);
        }
        return user;
    }

    /** The caller's User resource; 401 when the token's user no longer exists. */
    public UserView viewOfCaller(String callerId) {
        UserAccount me = store.find(callerId);
        if (me == null) {
            throw ApiException.unauthorized("the token's user no longer exists");
        }
        return views.view(me);
    }

    /** Instance-administration endpoints are for the instance admin only; answers the admin's id. */
    @Transactional
    public String requireInstanceAdmin(String userId) {
        UserAccount user = store.find(userId);
        if (user == null || !user.instanceAdmin) {
            throw ApiException.forbidden("only the instance admin may do this");
        }
        return user.id;
    }

    /** The accounts of these e-mail addresses (compared lower-cased), in one query. */
    public List<Account> byLowerEmails(Collection<String> lowerEmails) {
        return store.byLowerEmails(lowerEmails).stream().map(u -> new Account(u.id, u.email, u.instanceAdmin)).toList();
    }

    /** The user id of each e-mail address that has a user, keyed by the address lower-cased (by the database). */
    public Map<String, String> idsByLowerEmail(Collection<String> lowerEmails) {
        return store.idsByLowerEmail(lowerEmails);
    }

    /** The User resource of one user (who must exist). */
    public UserView viewById(String userId) {
        return views.view(store.find(userId));
    }

    /** The User resources of those of the users that exist, by id; one query. */
    public Map<String, UserView> viewsById(Collection<String> userIds) {
        Map<String, UserView> out = new HashMap<>();
        if (!userIds.isEmpty()) {
            store.byIds(userIds).forEach(u -> out.put(u.id, views.view(u)));
        }
        return out;
    }

    /** The User resource of an account read here. */
    UserView view(UserAccount user) {
        return views.view(user);
    }

    /** The User resource from its columns (a list that read them along with others). */
    public UserView view(String id, String email, String displayName, String photoUrl) {
        UserAccount u = new UserAccount();
        u.id = id;
        u.email = email;
        u.displayName = displayName;
        u.photoUrl = photoUrl;
        return views.view(u);
    }

}
