package io.bindery.sites.published;

import io.bindery.commons.errors.ApiException;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.sites.site.SiteChanges;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.site.SiteRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.HmacKey;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Visitor authentication of a {@code visitor-auth} site: the site's owner signs a JWT (HS256) with the site's key
 * (GET …/publishing/auth, as GitBook's {@code privateKey}; its UTF-8 bytes are the HMAC secret) and the visitor
 * shows it as {@code jwtToken}. The token's claims are the visitor's signed claims for conditions.
 */
@ApplicationScoped
public class VisitorAuth {
    /** Registered JWT claims: about the token, not the visitor. */
    private static final Set<String> REGISTERED = Set.of("iss", "sub", "aud", "exp", "nbf", "iat", "jti");

    @Inject
    SiteAccess access;
    @Inject
    SiteLookup sites;
    @Inject
    SiteChanges changes;

    public record PublishingAuth(String object, String backend, String privateKey) {
    }

    @Transactional
    public PublishingAuth get(String orgId, String userId, String siteId) {
        access.policy(orgId, userId).require(Action.MANAGE);
        return new PublishingAuth("publishing-auth", "custom", changes.visitorKey(sites.requireRecord(orgId, siteId, true)));
    }

    /** A new key: tokens signed with the old one stop working at once. */
    @Transactional
    public PublishingAuth regenerate(String orgId, String userId, String siteId) {
        access.policy(orgId, userId).require(Action.MANAGE);
        return new PublishingAuth("publishing-auth", "custom", changes.newVisitorKey(sites.requireRecord(orgId, siteId, true)));
    }

    /** The visitor's signed claims when {@code token} is a valid, unexpired HS256 token of the site's key. */
    Optional<Map<String, Object>> verify(SiteRecord site, String token) {
        if (token == null || token.isEmpty() || site.visitorKey() == null) {
            return Optional.empty();
        }
        JwtConsumer consumer = new JwtConsumerBuilder()
                .setVerificationKey(new HmacKey(site.visitorKey().getBytes(StandardCharsets.UTF_8)))
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.HMAC_SHA256)
                .setSkipDefaultAudienceValidation()
                .setAllowedClockSkewInSeconds(30)
                .build();
        try {
            JwtClaims claims = consumer.processToClaims(token);
            Map<String, Object> visitor = new HashMap<>(claims.getClaimsMap());
            visitor.keySet().removeAll(REGISTERED);
            return Optional.of(visitor);
        } catch (InvalidJwtException e) {
            return Optional.empty();
        }
    }


    static ApiException notVisible(String siteId) {
        return ApiException.notFound("no published site " + siteId);
    }
}
