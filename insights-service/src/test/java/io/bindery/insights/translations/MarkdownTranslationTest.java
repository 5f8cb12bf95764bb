package io.bindery.insights.translations;

import io.bindery.insights.config.InsightsConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Markdown through the real Apertium (eng-spa, installed by ./platform): text translated, structure kept. */
class MarkdownTranslationTest {
    public static final String PAGE = """
            # Getting started

            Install the package with `npm install bindery` and read the [installation guide](https://example.com/install#linux).

            ## Requirements

            - A computer with **enough memory**
            - The [command line tool](../cli.md)
              1. Open the terminal
              2. Type the command below

            ```bash
            # this comment stays in English
            npm install bindery --save
            ```

            | Name | Description |
            |------|-------------|
            | `id` | The unique identifier of the space |
            | title | The title of the page |

            ![A diagram of the house](https://example.com/house.png)

            > The red house is *very* big.

                indented code stays too

            See https://example.com/docs for more & better help.
            """;

    static ApertiumEngine engine() {
        InsightsConfig.Translations t = new InsightsConfig.Translations() {
            public String contentUrl() {
                return "http://127.0.0.1:1";
            }

            public String reviewUrl() {
                return "http://127.0.0.1:1";
            }

            public Duration connectTimeout() {
                return Duration.ofSeconds(1);
            }

            public Duration callTimeout() {
                return Duration.ofSeconds(1);
            }

            public String apertiumCommand() {
                return "apertium";
            }

            public String apertiumModes() {
                return "/usr/share/apertium/modes";
            }

            public Duration timeout() {
                return Duration.ofSeconds(60);
            }

            public String heartbeatEvery() {
                return "off";
            }

            public Duration staleAfter() {
                return Duration.ofSeconds(90);
            }
        };
        return ApertiumEngine.of(new InsightsConfig() {
            public Clustering clustering() {
                return null;
            }

            public Embeddings embeddings() {
                return null;
            }

            public Workers workers() {
                return null;
            }

            public Translations translations() {
                return t;
            }
        });
    }

    /** The page with every run of text replaced, leaving what must survive byte for byte. */
    public static List<String> structure(String markdown) {
        return markdown.lines().map(line -> {
            if (line.startsWith("    ") || line.startsWith("npm") || line.startsWith("```") || line.startsWith("# this")
                    || line.startsWith("![") || line.startsWith("|---")) {
                return line;
            }
            StringBuilder kept = new StringBuilder();
            Matcher prefix = Pattern.compile("^\\s*(#+ |- |\\d+\\. |> |\\| )?").matcher(line);
            prefix.find();
            kept.append(prefix.group());
            Matcher m = Pattern.compile("`[^`]+`|\\]\\([^)]*\\)|https?://\\S+|\\|").matcher(line);
            while (m.find()) {
                kept.append(m.group()).append(' ');
            }
            return kept.toString();
        }).toList();
    }

    @Test
    void englishToSpanishKeepsTheStructure() {
        ApertiumEngine engine = engine();
        assertTrue(engine.pairs().contains("en-es"), engine.pairs().toString());
        MarkdownTranslation.Result r = MarkdownTranslation.translate(PAGE, p -> engine.translate("en", "es", p));
        System.out.println(r.markdown());
        assertEquals(structure(PAGE), structure(r.markdown()));
        assertTrue(r.markdown().contains("# Empezando") || r.markdown().contains("# Conseguir"), r.markdown());
        assertTrue(r.markdown().toLowerCase().contains("casa"), r.markdown());
        assertNotEquals(PAGE, r.markdown());
        assertTrue(r.words() > 40, "words " + r.words());
    }

    @Test
    void aPieceTheEngineLosesKeepsTheOriginalText() {
        MarkdownTranslation.Result r = MarkdownTranslation.translate("Run `make` now.\n",
                p -> p.stream().map(x -> "Corre ahora.").toList());
        assertEquals("Run `make` now.\n", r.markdown());
    }
}
