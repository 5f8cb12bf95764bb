package io.bindery.sites.reader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What highlighting costs a page's render, without HTTP or the database: {@link PageRenderer#render} of the page of
 * {@link ReaderBenchTest} (prose, three code blocks, a table) with its fences' languages, and of the same page with
 * the languages removed (escaped text, as before highlighting), alternating rounds in one JVM so that the machine's
 * load falls on both alike. Run on demand: {@code -Dtest=HighlightCostBenchTest -Dbench.reader=true}.
 */
@EnabledIfSystemProperty(named = "bench.reader", matches = "true")
class HighlightCostBenchTest {
    @Test
    void renderPerSecondWithAndWithoutHighlighting() {
        String filler = "Some words about the subject of this page, to give it a body of a realistic size. ".repeat(8);
        String code = """
                ```java
                public final class Hello {
                    /** Says hello. */
                    public static void main(String[] args) {
                        String name = args.length > 0 ? args[0] : "world";
                        System.out.println("Hello, " + name + "!"); // greet
                    }
                }
                ```

                ```json
                {"id": 42, "title": "A page", "tags": ["a", "b"], "published": true, "ratio": 0.5}
                ```

                ```bash
                curl -s -H "Authorization: Bearer $TOKEN" https://example.com/v1/orgs | jq '.items[].id'
                ```
                """;
        String page = "## Part\n\n" + filler + "\n\n" + code + "\n\n| key | value |\n|---|---|\n| page | 1 |";
        String plain = page.replace("```java", "```").replace("```json", "```").replace("```bash", "```");
        assertTrue(PageRenderer.render(page, "Part", id -> null, id -> null).html().contains("t-keyword"));
        long with = 0;
        long without = 0;
        int n = 2000;
        for (int round = 0; round < 12; round++) {
            long t = System.nanoTime();
            for (int i = 0; i < n; i++) {
                PageRenderer.render(page, "Part", id -> null, id -> null);
            }
            long a = System.nanoTime() - t;
            t = System.nanoTime();
            for (int i = 0; i < n; i++) {
                PageRenderer.render(plain, "Part", id -> null, id -> null);
            }
            long b = System.nanoTime() - t;
            if (round >= 2) { // the first rounds warm the JIT
                with += a;
                without += b;
            }
        }
        double pagesWith = 10.0 * n / (with / 1e9);
        double pagesWithout = 10.0 * n / (without / 1e9);
        System.out.printf("highlight bench: PageRenderer.render, one thread: %.0f pages/s highlighted, %.0f pages/s without "
                + "highlighting (%.1f µs more a page)%n", pagesWith, pagesWithout, (with - without) / 1e3 / (10.0 * n));
    }
}
