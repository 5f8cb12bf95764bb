package io.bindery.insights.translations;

import io.bindery.insights.config.InsightsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Apertium (the Debian packages apertium and apertium-xxx-yyy) run as a process, one per batch of paragraphs:
 * {@code apertium -u -f html <mode>}, the paragraphs as {@code <p>} elements on stdin. The installed pairs are the
 * modes in {@code translations.apertium-modes}, named with ISO 639-3 codes (eng-spa) and shown with GitBook's.
 */
@ApplicationScoped
public class ApertiumEngine implements TranslationEngine {
    /** ISO 639-3 (Apertium) to GitBook's TranslationLanguage. */
    static final Map<String, String> LANGUAGES = Map.ofEntries(Map.entry("eng", "en"), Map.entry("spa", "es"),
            Map.entry("fra", "fr"), Map.entry("deu", "de"), Map.entry("ita", "it"), Map.entry("por", "pt"),
            Map.entry("nld", "nl"), Map.entry("pol", "pl"), Map.entry("swe", "sv"), Map.entry("dan", "da"),
            Map.entry("nob", "no"), Map.entry("fin", "fi"), Map.entry("ell", "el"), Map.entry("ces", "cs"),
            Map.entry("hun", "hu"), Map.entry("ron", "ro"), Map.entry("rus", "ru"), Map.entry("ukr", "uk"),
            Map.entry("bul", "bg"), Map.entry("hrv", "hr"), Map.entry("slv", "sl"), Map.entry("slk", "sk"),
            Map.entry("lit", "lt"), Map.entry("lav", "lv"), Map.entry("est", "et"), Map.entry("tur", "tr"),
            Map.entry("ara", "ar"), Map.entry("hin", "hi"), Map.entry("ind", "id"), Map.entry("msa", "ms"),
            Map.entry("heb", "he"), Map.entry("jpn", "ja"), Map.entry("kor", "ko"), Map.entry("zho", "zh"),
            Map.entry("tha", "th"), Map.entry("vie", "vi"));
    private static final Pattern MODE = Pattern.compile("([a-z]{3})-([a-z]{3})\\.mode");
    private static final Pattern PARAGRAPH = Pattern.compile("<p>(.*?)</p>", Pattern.DOTALL);

    @Inject
    InsightsConfig config;

    public static ApertiumEngine of(InsightsConfig config) {
        ApertiumEngine engine = new ApertiumEngine();
        engine.config = config;
        return engine;
    }

    @Override
    public Set<String> pairs() {
        Set<String> pairs = new TreeSet<>();
        Path modes = Path.of(config.translations().apertiumModes());
        if (!Files.isDirectory(modes)) {
            return pairs;
        }
        try (Stream<Path> files = Files.list(modes)) {
            files.forEach(f -> {
                Matcher m = MODE.matcher(f.getFileName().toString());
                if (m.matches() && LANGUAGES.containsKey(m.group(1)) && LANGUAGES.containsKey(m.group(2))) {
                    pairs.add(LANGUAGES.get(m.group(1)) + "-" + LANGUAGES.get(m.group(2)));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pairs;
    }

    @Override
    public List<String> translate(String from, String to, List<String> paragraphs) {
        String mode = iso3(from) + "-" + iso3(to);
        StringBuilder input = new StringBuilder();
        for (String p : paragraphs) {
            // a paragraph is one line: a newline inside would end it for the deformatter
            input.append("<p>").append(p.replace('\n', ' ')).append("</p>\n");
        }
        try {
            Process process = new ProcessBuilder(config.translations().apertiumCommand(), "-u", "-f", "html", mode)
                    .redirectErrorStream(false).start();
            CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process));
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return e.getMessage();
                }
            });
            try (OutputStream in = process.getOutputStream()) {
                in.write(input.toString().getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(config.translations().timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("apertium " + mode + " took longer than " + config.translations().timeout());
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("apertium " + mode + " failed: " + stderr.join().strip());
            }
            List<String> out = new ArrayList<>(paragraphs.size());
            Matcher m = PARAGRAPH.matcher(stdout.join());
            while (m.find()) {
                out.add(m.group(1));
            }
            if (out.size() != paragraphs.size()) {
                throw new IllegalStateException("apertium " + mode + " answered " + out.size() + " paragraphs for "
                        + paragraphs.size());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("apertium could not be run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String read(Process process) {
        try {
            return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String iso3(String language) {
        return LANGUAGES.entrySet().stream().filter(e -> e.getValue().equals(language)).map(Map.Entry::getKey)
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no Apertium code for " + language));
    }
}
