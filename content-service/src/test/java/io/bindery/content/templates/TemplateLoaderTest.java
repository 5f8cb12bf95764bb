package io.bindery.content.templates;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loader behaviour on small fixture catalogues under src/test/resources/template-fixtures/. */
class TemplateLoaderTest {

    private static List<Template> loadFixture(String name) {
        return TemplateLoader.load(TemplateLoaderTest.class.getClassLoader(), "template-fixtures/" + name);
    }

    @Test
    void readsPagesInManifestOrderWithChildrenEmojiAndUtf8Content() {
        List<Template> templates = loadFixture("valid");
        assertEquals(1, templates.size());
        Template template = templates.get(0);
        assertEquals("t", template.id());
        assertEquals("Fixture ✓", template.title());
        assertEquals("A small valid template.", template.description());

        assertEquals(List.of("zeta", "alpha"), template.pages().stream().map(TemplatePage::slug).toList());
        TemplatePage zeta = template.pages().get(0);
        assertEquals("Zeta", zeta.title());
        assertEquals("🚀", zeta.emoji());
        assertEquals("# Zeta\n\nSee [child](child.md).\n", zeta.markdown());
        assertEquals(1, zeta.pages().size());
        TemplatePage child = zeta.pages().get(0);
        assertEquals("child", child.slug());
        assertEquals("# Child — é 中\n", child.markdown());
        assertTrue(child.pages().isEmpty());

        TemplatePage alpha = template.pages().get(1);
        assertNull(alpha.emoji(), "a page without emoji key has a null emoji");
        assertEquals("# Alpha\r\n", alpha.markdown(), "markdown is read byte for byte");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            missing-file     | names missing file 'does-not-exist.md'
            unused-key       | page.a.emjoi
            duplicate-slug   | page 'a' is listed twice
            invalid-slug     | page 'Getting_Started': slug must be lowercase
            missing-title    | missing required key 'page.a.title'
            empty-markdown   | has an empty file 'a.md'
            missing-manifest | Missing manifest of template 't'
            """)
    void brokenTemplateFailsLoudlyWithAClearMessage(String fixture, String expectedMessagePart) {
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> loadFixture(fixture));
        assertTrue(error.getMessage().contains(expectedMessagePart),
                () -> "message '" + error.getMessage() + "' should contain '" + expectedMessagePart + "'");
    }

    @Test
    void missingCatalogueFailsLoudly() {
        assertThrows(IllegalStateException.class, () -> loadFixture("no-such-catalogue"));
    }

    @Test
    void recordsCopyTheirPageLists() {
        TemplatePage leaf = new TemplatePage("Leaf", "leaf", null, "# Leaf\n", null);
        assertEquals(List.of(), leaf.pages());
        List<TemplatePage> children = new java.util.ArrayList<>(List.of(leaf));
        Template template = new Template("id", "Title", "Description", children);
        children.clear();
        assertEquals(1, template.pages().size());
        assertThrows(UnsupportedOperationException.class, () -> template.pages().add(leaf));
    }
}
