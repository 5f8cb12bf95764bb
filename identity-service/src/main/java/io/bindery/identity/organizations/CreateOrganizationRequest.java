package io.bindery.identity.organizations;

import java.util.List;

public record CreateOrganizationRequest(String title, List<String> emailDomains, String hostname, String type) {
}
