package io.bindery.openapi.processing;

import java.util.Set;

/**
 * One file of a spec: where it was fetched from ({@code url}; for a spec given as text, its published address),
 * its {@code path} (relative to the entry point's directory for files beside or under it, else its URL), its text,
 * and its external $refs as written.
 */
public record SpecFile(String url, String path, String text, Set<String> refs) {
}
