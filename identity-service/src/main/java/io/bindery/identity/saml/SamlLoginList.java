package io.bindery.identity.saml;

import java.util.List;

/** GET /orgs/{o}/sso: the SSO providers members can sign in with. */
public record SamlLoginList(List<Login> items) {
    public record Login(String id, String label, String startURL) {
    }
}
