package io.bindery.integrations.organizations;

import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/** Organizations known from identity's events, found by id or by subdomain (hostname). */
@ApplicationScoped
public class Organizations {
    @Inject
    OrganizationStore store;

    public Organization byIdOrSubdomain(String idOrSubdomain) {
        OrganizationView byId = store.find(idOrSubdomain);
        if (byId != null) {
            return Organization.of(byId);
        }
        List<OrganizationView> bySubdomain = store.bySubdomain(idOrSubdomain);
        if (bySubdomain.isEmpty()) {
            throw ApiException.notFound("no organization with the id or subdomain " + idOrSubdomain);
        }
        return Organization.of(bySubdomain.get(0));
    }

    public Organization get(String id) {
        OrganizationView org = store.find(id);
        if (org == null) {
            throw ApiException.notFound("no organization " + id);
        }
        return Organization.of(org);
    }
}
