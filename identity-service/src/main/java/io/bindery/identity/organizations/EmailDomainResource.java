package io.bindery.identity.organizations;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/** Organizations people of an e-mail domain may join. `/o` is the same endpoint with its name cut short. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class EmailDomainResource {
    @Inject
    Caller caller;
    @Inject
    Organizations organizations;

    public record Organizations_(List<OrganizationView> organizations) {
    }

    @GET
    @Path("/email-domains/{emailDomain}/orgs")
    public Organizations_ orgs(@PathParam("emailDomain") String domain) {
        return new Organizations_(organizations.byEmailDomain(domain, caller.userId()));
    }

    @GET
    @Path("/email-domains/{emailDomain}/o")
    public Organizations_ orgsShort(@PathParam("emailDomain") String domain) {
        return orgs(domain);
    }
}
