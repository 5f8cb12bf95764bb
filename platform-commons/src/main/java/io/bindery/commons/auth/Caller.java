package io.bindery.commons.auth;

import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.RequestScoped;

/** Who is making the current request, set by {@link BearerAuthFilter} from the verified token. */
@RequestScoped
public class Caller {
    private VerifiedToken token;

    void set(VerifiedToken token) {
        this.token = token;
    }

    public boolean authenticated() {
        return token != null;
    }

    public String userId() {
        return require().userId();
    }

    public String tokenId() {
        return require().tokenId();
    }

    private VerifiedToken require() {
        if (token == null) {
            throw ApiException.unauthorized("missing bearer token: send Authorization: Bearer <token>");
        }
        return token;
    }
}
