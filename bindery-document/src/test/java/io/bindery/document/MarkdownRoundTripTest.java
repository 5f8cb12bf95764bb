package io.bindery.document;

import static io.bindery.document.DocumentTestSupport.assertMatchesGitBookSchema;
import static io.bindery.document.DocumentTestSupport.withoutKeys;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code toDocument(toMarkdown(toDocument(md)))} must equal {@code toDocument(md)} apart from keys. */
class MarkdownRoundTripTest {

    static String richSample() {
        return """
                # Getting *started* with **Bindery**

                Intro with `code`, ~~old~~, ***both***, **bold `code`**, a [link](https://example.com/a_b?c=1&d=2 "title"),
                a [page](/pages/p1), a [section](/pages/p1#install-it), a [file](/files/f1) and <https://auto.example>.
                Hard break here\\
                and two-space break  \s
                done.

                ![Architecture](/files/arch "The architecture")
                ![Second](https://img.example/2.png)

                Inline ![icon](/files/icon) image and [![badge](https://b.example/b.svg)](https://ci.example).

                ## Lists

                - first
                - second with **bold**
                  - nested one
                  - nested [two](/pages/p2)
                    1. deep ordered
                    2. deep ordered two
                - third

                  with a second paragraph

                  ```sh
                  npm install
                  ```

                - 

                * adjacent list with another bullet

                3. starts at three
                4. four

                1) other delimiter

                ### Quotes and code

                > Quoted **text** with a [link](/pages/p3).
                >
                > > Nested quote
                >
                > - list in quote
                >
                > ```
                > code in quote
                >   indented
                > ```

                ```python
                def main():
                    print("```")  # backticks inside
                ```

                    indented code block
                    second line

                ~~~
                tilde fence
                ~~~

                ***

                | Name | Description | Count |
                |:-----|:-----------:|------:|
                | `a\\|b` | **bold** and [link](/pages/p4) | 1 |
                | *c* | | 2 |
                | escaped \\| pipe | <br> break | ![img](/files/t) |

                <div class="note">
                  <p>Raw *HTML* block</p>
                </div>

                #### Deep heading becomes heading 3

                Special characters: 1 * 2 = 3, a_b_c, \\*not emphasis\\*, [not a link], <notatag>, &amp; &copy;, #hash,
                50% of `x`, back\\\\slash, ~tilde~, | pipe |, 1986\\. year, + plus, - minus, > gt.

                Inline <strong>strong</strong>, <em>em</em>, <del>del</del> and a<br>break.

                Emoji 🎉 and ünïcödé and 中文.

                [ref]: /pages/ref-target
                """;
    }

    private static void assertRoundTrip(String markdown) {
        Map<String, Object> document = MarkdownDocuments.toDocument(markdown);
        String written = assertDoesNotThrow(() -> MarkdownDocuments.toMarkdown(document), () -> "markdown:\n" + markdown);
        Map<String, Object> reread = MarkdownDocuments.toDocument(written);
        assertEquals(withoutKeys(document), withoutKeys(reread),
                () -> "markdown:\n" + markdown + "\nwritten as:\n" + written);
        assertEquals(written, MarkdownDocuments.toMarkdown(reread), "writing is stable");
    }

    @Test
    void richSampleRoundTrips() {
        assertRoundTrip(richSample());
        assertMatchesGitBookSchema(MarkdownDocuments.toDocument(MarkdownDocuments.toMarkdown(
                MarkdownDocuments.toDocument(richSample()))));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "plain",
            "*a*b **c**d",
            "intra**word**bold and intra*word*italic and snake_case_name",
            "a**\"quoted\"**b",
            "**a *b* c**",
            "*a **b** c*",
            "***a** b*",
            "**a** *b* ~~c~~ `d`",
            "<strong>a </strong>b",
            "x<em>\"y\"</em>z",
            "a<del>b</del>c",
            "**[bold link](x)** and [**inner**](y) and **a [b](c) d**",
            "*a ![img](i) b*",
            "Hi![img](x) and Hi!\\[not]",
            "`` a`b ``, ` `` `, `  `, ` a `",
            "a\\\nb\\\n\\\nc",
            "a<br>",
            "<br>a",
            "# Heading with trailing #",
            "# C#",
            "# a<br>b",
            "## *it* **bold** ~~s~~ `c`",
            "1\\. not a list\n\n\\- not a list\n\n\\+ not\n\n\\> not a quote\n\n\\# not a heading",
            "text\\\n# not heading\\\n- not list\\\n1. not list\\\n> not quote\\\n=== not setext\\\n| not | table |\\\n|---|---|",
            "\\*\\_\\`\\[\\]\\<\\>\\&\\!\\~\\|\\\\",
            "&amp; &#35; &#x23; &nbsp; & plain",
            "[link](<with space>) [p](a(b)c) [e](<>) [t](x \"ti\\\"tle\")",
            "[a](/pages/p#anchor with space)",
            "- a\n- b\n\n\n- c",
            "- a\n\n  b\n- c",
            "1. a\n1. b\n\n\n1) c",
            "-\n-\n- x",
            "- ***\n- # heading in item\n- > quote in item\n- ```\n  code\n  ```",
            "> a\n>\n> ```js\n> x\n> ```\n>\n> | t |\n> |---|\n> | 1 |",
            "> ```\n> `tick` and ``two``\n>\n>   lead\n> ```",
            "```\n```",
            "```\n\n```",
            "````\n```\n````",
            "~~~ a`b\nx\n~~~",
            "| a |\n|---|",
            "| |\n|---|\n| x |",
            "| a | b |\n|---|---|\n| `x|y` | c\\|d |",
            "| a |\n|:-:|\n| ![i](/files/f \"c\") <br> [l](x) **b** |",
            "<details>\n<summary>S</summary>\n\nbody *md*\n\n</details>",
            "<!-- comment\n\nwith blank line -->",
            "line one\nline two\r\nline three",
            "tab\there and  double  spaces",
            "trailing spaces   \nnext",
            "  leading spaces",
            "![a *b*](x \"t\\\"q\")\n![c](/files/y)",
            "***\n\n---\n\n___",
            "Setext\n===\n\nTwo\n---",
            "[r]: /pages/x\n\n[use][r]",
            "~~a~~~~b~~",
            "**a**~~b~~*c*",
            "a~~ b~~ c",
            "_a_b",
            "x ** y ** z",
            "<https://a.example/x_y> <me@b.example>",
            "[](empty-text)",
            "[a\nb](multi-line)",
            "\u00a0nbsp\u00a0",
    })
    void snippetsRoundTrip(String markdown) {
        assertRoundTrip(markdown);
    }

    /**
     * Random markdown built from syntax-heavy tokens: whatever it parses to, writing and reading it again must
     * give the same document.
     */
    @Test
    void randomMarkdownRoundTrips() {
        List<String> tokens = List.of("a", "word", "x1", " ", " ", "  ", "\n", "\n", "\n\n", "*", "**", "_", "__", "~~",
                "~", "`", "``", "\\", "[", "]", "(", ")", "![", "](", "<", ">", "&", "&amp;", "#", "# ", "- ", "+ ",
                "1. ", "2) ", "> ", "|", "---", "===", "\t", "<br>", "<b>", "</b>", "<em>", "</em>", "<span>",
                "[l](/pages/p)", "[l](x y)", "![i](/files/f)", "<https://u.example>", "```", "    ", ":", "!", "\"",
                "'", "é", "🎉", "\\*", "\\_", "| a | b |\n|---|---|\n", "  \n", "\\\n", ".", ")", "\n    ",
                "\n  ", "\n  - ", "\n> ", "\n- ", "\n3. ", "#### ", "***", "<strong> ", " </strong>", "&#32;",
                "&nbsp;", "&#10;", "\r\n", "```js\n", "~~~\n", "\n```\n", "<div>\n", "\n</div>\n", "[r]: /x\n", "[r]",
                "![a](b \"t\")", "[a](/pages/p#s)", "| x |", "|:-:|", "\u00a0");
        Random random = new Random(Long.getLong("fuzz.seed", 20_240_611L));
        for (int i = 0; i < Integer.getInteger("fuzz.iterations", 3_000); i++) {
            StringBuilder markdown = new StringBuilder();
            int length = 1 + random.nextInt(30);
            for (int t = 0; t < length; t++) {
                markdown.append(tokens.get(random.nextInt(tokens.size())));
            }
            assertRoundTrip(markdown.toString());
        }
    }
}
