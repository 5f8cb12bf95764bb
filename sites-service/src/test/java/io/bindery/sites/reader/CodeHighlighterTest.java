package io.bindery.sites.reader;

import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The grammars written here (shell, Rust, Ruby, PHP; prism4j's bundler has none): each colours its language's tokens,
 * by name and alias, and code that tries to close the block or run script stays escaped text inside the spans.
 */
class CodeHighlighterTest {
    /** Only the highlighter's own spans are elements; everything else is text. */
    private static final Pattern ELEMENT = Pattern.compile("<(?!span class=\"t-[\\w -]+\">|/span>)");

    static String html(String code, String language) {
        StringBuilder out = new StringBuilder();
        CodeHighlighter.html(code, language, out);
        return out.toString();
    }

    /** The text of the output: what a reader sees, tags removed and entities read. */
    static String text(String html) {
        return html.replaceAll("<[^>]+>", "").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    }

    static void onlySpans(String code, String html) {
        Matcher m = ELEMENT.matcher(html);
        assertFalse(m.find(), () -> "an element that is not a token span at " + m.start() + ": " + html);
        assertEquals(code, text(html), "every character of the code is shown as it is");
    }

    @Test
    void shell() {
        String code = """
                #!/usr/bin/env bash
                # install the CLI
                export PATH="$HOME/bin:$PATH"
                for f in *.md; do
                  if [ -f "$f" ]; then echo "found ${f}" >&2; fi
                done
                name='bindery' && cd /tmp || exit 1
                """;
        for (String alias : new String[] {"bash", "sh", "shell", "zsh"}) {
            String html = html(code, alias);
            onlySpans(code, html);
            assertTrue(html.contains("<span class=\"t-shebang t-important\">#!/usr/bin/env bash</span>"), html);
            assertTrue(html.contains("<span class=\"t-comment\"># install the CLI</span>"), html);
            assertTrue(html.contains("<span class=\"t-builtin t-class-name\">export</span>"), html);
            assertTrue(html.contains("<span class=\"t-keyword\">for</span>"), html);
            assertTrue(html.contains("<span class=\"t-keyword\">done</span>"), html);
            assertTrue(html.contains("<span class=\"t-string\">&quot;found <span class=\"t-variable\">${f}</span>&quot;</span>"), html);
            assertTrue(html.contains("<span class=\"t-variable\">$PATH</span>"), html);
            assertTrue(html.contains("<span class=\"t-string\">'bindery'</span>"), html);
            assertTrue(html.contains("<span class=\"t-file-descriptor t-important\">&amp;2</span>"), html);
            assertTrue(html.contains("<span class=\"t-number\">1</span>"), html);
        }
        assertEquals("Shell", CodeHighlighter.label("sh"));
    }

    @Test
    void rust() {
        String code = """
                use std::collections::HashMap;
                /// Counts words.
                #[derive(Debug)]
                pub struct Counter<'a> { words: HashMap<&'a str, u32> }
                fn count(text: &str) -> usize {
                    let n = text.split(' ').count(); // words
                    println!("{} words, {}", n, r#"raw "quoted""#);
                    n + 0x1F_u8 as usize
                }
                """;
        for (String alias : new String[] {"rust", "rs"}) {
            String html = html(code, alias);
            onlySpans(code, html);
            assertTrue(html.contains("<span class=\"t-keyword\">use</span>"), html);
            assertTrue(html.contains("<span class=\"t-comment\">/// Counts words.</span>"), html);
            assertTrue(html.contains("<span class=\"t-attribute t-attr-name\">#[derive(Debug)]</span>"), html);
            assertTrue(html.contains("<span class=\"t-type-definition t-class-name\">Counter</span>"), html);
            assertTrue(html.contains("<span class=\"t-lifetime-annotation t-symbol\">'a</span>"), html);
            assertTrue(html.contains("<span class=\"t-function-definition t-function\">count</span>"), html);
            assertTrue(html.contains("<span class=\"t-keyword\">u32</span>"), html);
            assertTrue(html.contains("<span class=\"t-char t-string\">' '</span>"), html);
            assertTrue(html.contains("<span class=\"t-macro t-property\">println!</span>"), html);
            assertTrue(html.contains("<span class=\"t-string\">r#&quot;raw &quot;quoted&quot;&quot;#</span>"), html);
            assertTrue(html.contains("<span class=\"t-number\">0x1F_u8</span>"), html);
        }
    }

    @Test
    void ruby() {
        String code = """
                # frozen_string_literal: true
                module Shop
                  class Cart < Base
                    def total(items = [])
                      @items.sum { |i| i.price * 2 } if items.empty?
                      puts "Total: #{@items.size} items", :done, key: nil
                    end
                  end
                end
                """;
        for (String alias : new String[] {"ruby", "rb"}) {
            String html = html(code, alias);
            onlySpans(code, html);
            assertTrue(html.contains("<span class=\"t-comment\"># frozen_string_literal: true</span>"), html);
            assertTrue(html.contains("<span class=\"t-keyword\">module</span> <span class=\"t-class-name\">Shop</span>"), html);
            assertTrue(html.contains("<span class=\"t-method-definition t-function\">total</span>"), html);
            assertTrue(html.contains("<span class=\"t-variable\">@items</span>"), html);
            assertTrue(html.contains("<span class=\"t-number\">2</span>"), html);
            assertTrue(html.contains("<span class=\"t-string\">&quot;Total: <span class=\"t-interpolation\">"
                    + "<span class=\"t-delimiter t-punctuation\">#{</span><span class=\"t-variable\">@items</span>"), html);
            assertTrue(html.contains("<span class=\"t-symbol\">:done</span>"), html);
            assertTrue(html.contains("<span class=\"t-symbol\">key:</span>"), html);
            assertTrue(html.contains("<span class=\"t-keyword\">nil</span>"), html);
        }
    }

    @Test
    void php() {
        String code = """
                <?php
                namespace App;
                // a greeting
                final class Greeter extends Base {
                    public function hello(string $name): string {
                        return "Hello, {$name}!" . 'bye' . PHP_EOL;
                    }
                }
                $g = new Greeter(); echo $g->hello('x') ?? null; # done
                """;
        String html = html(code, "php");
        onlySpans(code, html);
        assertTrue(html.contains("<span class=\"t-delimiter t-important\">&lt;?php</span>"), html);
        assertTrue(html.contains("<span class=\"t-keyword\">namespace</span>"), html);
        assertTrue(html.contains("<span class=\"t-comment\">// a greeting</span>"), html);
        assertTrue(html.contains("<span class=\"t-class-name\">Greeter</span>"), html);
        assertTrue(html.contains("<span class=\"t-function-definition t-function\">hello</span>"), html);
        assertTrue(html.contains("<span class=\"t-variable\">$name</span>"), html);
        assertTrue(html.contains("<span class=\"t-interpolation\"><span class=\"t-punctuation\">{</span><span class=\"t-variable\">$name</span>"), html);
        assertTrue(html.contains("<span class=\"t-constant\">PHP_EOL</span>"), html);
        assertTrue(html.contains("<span class=\"t-constant\">null</span>"), html);
        assertTrue(html.contains("<span class=\"t-comment\"># done</span>"), html);
    }

    @Test
    void hostileCodeStaysTextInEveryWrittenGrammar() {
        String[] hostile = {
            "echo \"</code></pre><script>alert(1)</script>\" # <img src=x onerror=alert(2)>\ncat <<EOF\n</figure><b>\nEOF",
            "let s = \"</pre><script>alert(1)</script>\"; // </code><iframe src=//evil>\nlet c = '<'; /* <svg onload=alert(3)> */",
            "puts \"#{'</pre>'}<script>alert(1)</script>\" # </code>\n=begin\n<img src=x onerror=alert(2)>\n=end\nx = /<\\/script>/",
            "<?php echo \"</code></pre><script>alert(1)</script>{$a['<b>']}\"; ?>\n<img src=x onerror=alert(2)> # <script>\n/* </figure> */",
        };
        String[] languages = {"bash", "rust", "ruby", "php"};
        for (int i = 0; i < hostile.length; i++) {
            String html = html(hostile[i], languages[i]);
            onlySpans(hostile[i], html);
            assertTrue(html.contains("<span class=\"t-"), languages[i] + " is highlighted: " + html);
            assertFalse(html.contains("<script") || html.contains("<img") || html.contains("<iframe") || html.contains("<svg"), html);
        }
    }

    /** A long token overflows java.util.regex's stack (it recurses per repetition): shown as text, not a failure. */
    @Test
    void inputThatMakesPatternsBacktrackDoesNotHoldTheRenderer() {
        // unterminated strings, comments and interpolations, repeated up to the highlighting limit
        String[] worst = {"\"$(" + "\\\"".repeat(4000), "r##\"" + "\"#".repeat(4000), "\"#{" + "#{\"".repeat(3000),
            "\"{$" + "{$\\\"".repeat(3000)};
        // and the bundled grammars: a JSON string of 19,000 escaped quotes
        assertEquals("\"" + "\\\"".repeat(9_500) + "\"", text(html("\"" + "\\\"".repeat(9_500) + "\"", "json")));
        String[] languages = {"bash", "rust", "ruby", "php"};
        for (int i = 0; i < worst.length; i++) {
            long start = System.nanoTime();
            String html = html(worst[i], languages[i]);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(worst[i], text(html));
            System.out.println(languages[i] + ": " + worst[i].length() + " characters of the worst input in " + ms + " ms");
            assertTrue(ms < 2000, languages[i] + " took " + ms + " ms");
        }
    }
}
