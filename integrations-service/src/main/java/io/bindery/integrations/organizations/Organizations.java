package io.bindery.integrations.organizations;

import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;

/** Organizations known from identity's events, found by id or by subdomain (hostname). */
@ApplicationScoped
public class Organizations {
    @Inject
    EntityManager em;

    public Organization byIdOrSubdomain(String idOrSubdomain) {
        OrganizationView byId = em.find(OrganizationView.class, idOrSubdomain);
        if (byId != null) {
            return Organization.of(byId);
        }
        List<OrganizationView> bySubdomain = em.createQuery(
                        "from OrganizationView where lower(hostname) = lower(:h)", OrganizationView.class)
                .setParameter("h", idOrSubdomain).getResultList();
        if (bySubdomain.isEmpty()) {
            throw ApiException.notFound("no organization with the id or subdomain " + idOrSubdomain);
        }
        return Organization.of(bySubdomain.get(0));
    }

    public Organization get(String id) {
        OrganizationView org = em.find(OrganizationView.class, id);
        if (org == null) {
            throw ApiException.notFound("no organization " + id);
        }
        return Organization.of(org);
    }
}
