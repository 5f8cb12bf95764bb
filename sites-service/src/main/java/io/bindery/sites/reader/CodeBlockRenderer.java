package io.bindery.sites.reader;

import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlWriter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A fenced code block as {@code <figure class="code" data-language="x"><figcaption>X</figcaption><pre><code
 * class="language-x">…</code></pre></figure>}: the language named in a visible label, the code highlighted on the
 * server ({@link CodeHighlighter}). The {@code pre} takes focus, so a block wider than the page scrolls from the
 * keyboard. The reader's script adds a copy button to each figure; without it the page is the same, less the button.
 */
final class CodeBlockRenderer implements NodeRenderer {
    private final HtmlNodeRendererContext context;

    CodeBlockRenderer(HtmlNodeRendererContext context) {
        this.context = context;
    }

    @Override
    public Set<Class<? extends Node>> getNodeTypes() {
        return Set.of(FencedCodeBlock.class);
    }

    @Override
    public void render(Node node) {
        FencedCodeBlock block = (FencedCodeBlock) node;
        String language = CodeHighlighter.language(block.getInfo());
        HtmlWriter html = context.getWriter();
        html.line();
        Map<String, String> figure = new LinkedHashMap<>();
        figure.put("class", "code");
        if (!language.isEmpty()) {
            figure.put("data-language", language);
        }
        html.tag("figure", figure);
        if (!language.isEmpty()) {
            html.tag("figcaption");
            html.text(CodeHighlighter.label(language));
            html.tag("/figcaption");
        }
        html.tag("pre", Map.of("tabindex", "0"));
        html.tag("code", language.isEmpty() ? Map.of() : Map.of("class", "language-" + language));
        StringBuilder code = new StringBuilder(block.getLiteral().length() * 2);
        CodeHighlighter.html(block.getLiteral(), language, code);
        html.raw(code.toString());
        html.tag("/code");
        html.tag("/pre");
        html.tag("/figure");
        html.line();
    }
}
