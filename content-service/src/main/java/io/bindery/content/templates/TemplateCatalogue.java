package io.bindery.content.templates;

import java.util.List;
import java.util.Optional;

/**
 * The built-in template catalogue, read once from the classpath under {@code templates/}.
 *
 * <p>The catalogue is loaded when this class is first used. A broken template (missing file,
 * typo in a manifest key, invalid or duplicate slug...) makes that load throw an
 * {@link IllegalStateException}, so the first use fails loudly (as an
 * {@link ExceptionInInitializerError} caused by it) and the tests catch it before it ships. See
 * {@code templates/product-docs/template.properties} for the manifest format.
 */
public final class TemplateCatalogue {

    /** Classpath folder holding {@code catalogue.properties} and one folder per template. */
    static final String RESOURCE_ROOT = "templates";

    private static final List<Template> TEMPLATES =
            TemplateLoader.load(TemplateCatalogue.class.getClassLoader(), RESOURCE_ROOT);

    private TemplateCatalogue() {
    }

    /** Every built-in template, in the order they should be offered. */
    public static List<Template> all() {
        return TEMPLATES;
    }

    /** The template with this id, or empty if there is none (including for {@code null}). */
    public static Optional<Template> find(String id) {
        return TEMPLATES.stream().filter(template -> template.id().equals(id)).findFirst();
    }
}
