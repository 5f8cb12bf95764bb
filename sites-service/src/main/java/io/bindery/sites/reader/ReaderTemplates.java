package io.bindery.sites.reader;

import io.quarkus.qute.Engine;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateLocator;
import io.quarkus.qute.Variant;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reader's Qute templates ({@code src/main/resources/reader/*.html}), on Qute's own engine: the Quarkus Qute
 * extension of 3.31.4 does not resolve from this machine's Maven mirror (its qute-debug is missing), qute-core does.
 * Every {@code {expression}} is HTML-escaped; only the rendered page body, already made safe by {@link PageRenderer},
 * is written raw.
 */
@ApplicationScoped
public class ReaderTemplates {
    private final Engine engine = Engine.builder()
            .addDefaults()
            .addValueResolver(new ReflectionValueResolver())
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .addLocator(ReaderTemplates::locate)
            .build();
    private final Template page = engine.getTemplate("page.html");
    private final Template notFound = engine.getTemplate("not-found.html");
    private final Template search = engine.getTemplate("search.html");

    public String page(ReaderModel model) {
        return page.data("m", model).render();
    }

    public String search(SearchModel model) {
        return search.data("m", model).render();
    }

    /** @param base the site's address prefix ({@code /s/<site>/} or {@code /} on its hostname): the stylesheet is under it */
    public String notFound(String siteTitle, String homeUrl, String message, String base) {
        return notFound.data("m", Map.of("siteTitle", siteTitle == null ? "Not found" : siteTitle,
                "homeUrl", homeUrl == null ? "" : homeUrl, "message", message, "cssUrl", base + Reader.ASSETS_CSS, "iconUrl", base + Reader.ASSETS_ICON)).render();
    }

    private static Optional<TemplateLocator.TemplateLocation> locate(String id) {
        InputStream in = ReaderTemplates.class.getResourceAsStream("/reader/" + id);
        if (in == null) {
            return Optional.empty();
        }
        return Optional.of(new TemplateLocator.TemplateLocation() {
            @Override
            public java.io.Reader read() {
                return new InputStreamReader(in, StandardCharsets.UTF_8);
            }

            @Override
            public Optional<Variant> getVariant() {
                return Optional.of(Variant.forContentType(Variant.TEXT_HTML));
            }
        });
    }
}
