package io.bindery.openapi.processing;

import io.bindery.openapi.versions.SpecFile;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.bindery.commons.outbound.OutboundGuard;
import io.bindery.commons.outbound.OutboundRefused;
import io.bindery.openapi.config.OpenApiConfig;
import io.bindery.openapi.specs.ProcessErrorCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.openapi.versions.Summary;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Fetches a spec and every file its external {@code $ref}s reach, each through the outbound guard (http/https only,
 * timeouts, redirects re-checked, internal addresses refused unless allowed), relative refs resolved against the
 * URL the file finally came from. swagger-parser never opens a URL itself: it parses the copies fetched here.
 * The files together may hold at most {@code bindery.openapi.fetch.max-bytes}, be at most {@code max-files}, and
 * be fetched within {@code deadline}.
 */
@ApplicationScoped
public class SpecFetcher {
    static final JsonFactory JSON = new JsonFactory();
    static final YAMLFactory YAML;

    static {
        LoaderOptions loader = new LoaderOptions();
        loader.setCodePointLimit(Integer.MAX_VALUE); // the byte limit applies before parsing
        YAML = YAMLFactory.builder().loaderOptions(loader).build();
    }

    @Inject
    OutboundGuard guard;
    @Inject
    OpenApiConfig config;

    /**
     * The files of a spec, the entry point first, and the entry point's tree for the parser (taken once: the tree is
     * the largest thing processing holds, so it is let go as soon as the parser has its model). The texts are
     * spooled to a private directory, which {@link #close} removes.
     */
    public static final class Files implements AutoCloseable {
        private final List<SpecFile> files;
        private final String entryUrl;
        private final Path spool;
        private LeanTree.Doc entry;

        Files(List<SpecFile> files, String entryUrl, LeanTree.Doc entry, Path spool) {
            this.files = files;
            this.entryUrl = entryUrl;
            this.entry = entry;
            this.spool = spool;
        }

        public List<SpecFile> files() {
            return files;
        }

        public String entryUrl() {
            return entryUrl;
        }

        /** The characters of all files. */
        public long chars() {
            return files.stream().mapToLong(SpecFile::chars).sum();
        }

        /** The canonical hash of the files (Summary.contentHash), read from their spooled copies. */
        public String contentHash() {
            List<Summary.HashedFile> hashed = new ArrayList<>(files.size());
            files.forEach(f -> hashed.add(f.hashed()));
            try {
                return Summary.contentHashOf(hashed);
            } catch (IOException e) {
                throw new UncheckedIOException("the spec's spooled files cannot be read", e);
            }
        }

        LeanTree.Doc takeEntry() {
            LeanTree.Doc doc = entry;
            entry = null;
            return doc;
        }

        @Override
        public void close() {
            SpecParser.delete(spool);
        }
    }

    /** The spec at {@code url} and the files its $refs reach. */
    public Files fetch(String url) {
        return collect(null, url);
    }

    /**
     * A spec given as text ({@code textUrl}: the address it is published under), and the files its $refs reach. The
     * text is taken out of its holder, so that once it is spooled no caller's frame keeps it on the heap.
     */
    public Files fromText(AtomicReference<String> text, String textUrl) {
        return collect(text, textUrl);
    }

    private Files collect(AtomicReference<String> rootText, String rootUrl) {
        Path spool;
        try {
            spool = java.nio.file.Files.createTempDirectory("openapi-spool-");
        } catch (IOException e) {
            throw ProcessingFailure.of(ProcessErrorCode.FETCH_ERROR, "the spec cannot be spooled: " + e.getMessage(), rootUrl);
        }
        try {
            return collect(rootText, rootUrl, spool);
        } catch (RuntimeException | Error e) {
            SpecParser.delete(spool);
            throw e;
        }
    }

    private Files collect(AtomicReference<String> rootText, String rootUrl, Path spool) {
        long started = System.nanoTime();
        long budget = budget(config.fetch().maxBytes());
        Map<String, SpecFile> files = new LinkedHashMap<>(); // by the URL as asked (before redirects)
        Deque<String> queue = new ArrayDeque<>();
        queue.add(rootUrl);
        URI entry = null;
        LeanTree.Doc entryDoc = null;
        boolean textSource = rootText != null;
        long nodes = LeanTree.nodeBudget();
        while (!queue.isEmpty()) {
            String asked = queue.poll();
            if (files.containsKey(asked)) {
                continue;
            }
            if (files.size() >= config.fetch().maxFiles()) {
                throw ProcessingFailure.of(ProcessErrorCode.FETCH_ERROR, "the spec's $refs reach more than "
                        + config.fetch().maxFiles() + " files", asked);
            }
            String text;
            String finalUrl;
            if (textSource && files.isEmpty()) {
                text = rootText.getAndSet(null); // the text waits in its spooled copy from here on
                finalUrl = rootUrl;
                budget -= utf8Length(text);
                if (budget < 0) {
                    throw tooLarge(rootUrl);
                }
            } else {
                long elapsed = (System.nanoTime() - started) / 1_000_000;
                if (elapsed > config.fetch().deadline().toMillis()) {
                    throw ProcessingFailure.of(ProcessErrorCode.FETCH_TIMEOUT, "fetching the spec's files took more than "
                            + config.fetch().deadline().toSeconds() + " s", asked);
                }
                if (budget <= 0) {
                    throw tooLarge(asked);
                }
                OutboundGuard.Fetched fetched;
                try {
                    fetched = guard.fetch(asked, budget);
                } catch (OutboundRefused e) {
                    throw ProcessingFailure.of(timedOut(e) ? ProcessErrorCode.FETCH_TIMEOUT : ProcessErrorCode.FETCH_ERROR,
                            e.getMessage(), asked);
                }
                budget -= fetched.bytes().length;
                finalUrl = fetched.url();
                byte[] body = fetched.bytes();
                fetched = null; // the body is let go once decoded
                text = decode(body);
                body = null;
            }
            URI base = URI.create(finalUrl);
            LeanTree.Doc doc = LeanTree.read(text, finalUrl, nodes);
            nodes -= doc.nodes(); // the budget is the spec's, all of its files together
            if (entry == null) {
                entry = base;
                entryDoc = doc;
            }
            files.put(asked, new SpecFile(finalUrl, pathOf(entry, base), spool(spool, files.size(), text, finalUrl),
                    text.length(), doc.externalRefs()));
            text = null;
            for (String ref : doc.externalRefs()) {
                if (textSource && files.size() == 1 && !ref.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "$ref " + ref + " is relative, but a spec "
                            + "given as text has no address to resolve it against: use an absolute URL", finalUrl);
                }
                String target = resolve(base, ref, finalUrl);
                if (!files.containsKey(target)) {
                    queue.add(target);
                }
            }
        }
        return new Files(new ArrayList<>(files.values()), entry.toString(), entryDoc, spool);
    }

    /** Writes a file's text to the spool (UTF-8; a lone surrogate, which UTF-8 cannot hold, becomes "?"). */
    private static Path spool(Path spool, int index, String text, String url) {
        Path file = spool.resolve(Integer.toString(index));
        // through a small buffer: a 5 MB text costs no 5 MB array of bytes
        try (Writer writer = new BufferedWriter(new OutputStreamWriter(java.nio.file.Files.newOutputStream(file),
                StandardCharsets.UTF_8))) {
            writer.write(text);
        } catch (IOException e) {
            throw ProcessingFailure.of(ProcessErrorCode.FETCH_ERROR, "the spec cannot be spooled: " + e.getMessage(), url);
        }
        return file;
    }

    private ProcessingFailure tooLarge(String url) {
        return ProcessingFailure.of(ProcessErrorCode.FETCH_ERROR, "the spec's files are over "
                + budget(config.fetch().maxBytes()) + " bytes in all", url);
    }

    /**
     * The bytes a spec may have here: {@code max-bytes}, and no more than a tenth of the heap. Parsing holds the
     * text, its tree and swagger-parser's model at once (about 4.5 times the text, measured on generated specs), so
     * a spec the heap cannot take is refused while it is fetched instead of stopping the service (the JVM exits on
     * OutOfMemoryError). With the services' 96 MB heap that is about 9.6 MB; a larger heap raises it.
     */
    static long budget(long maxBytes) {
        return Math.min(maxBytes, Runtime.getRuntime().maxMemory() / 10);
    }

    /** The guard says "no answer within" or names a timeout exception when the server was silent. */
    static boolean timedOut(OutboundRefused e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        return m.contains("no answer within") || m.contains("Timeout") || m.contains("timed out")
                || m.contains("timeout period");
    }

    /** The UTF-8 size of a text, without encoding it (a spec can be megabytes). */
    static long utf8Length(String text) {
        long n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    static String decode(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** A file's path: relative to the entry point's directory when it is beside or under it, else its URL. */
    static String pathOf(URI entry, URI file) {
        String entryPath = entry.getRawPath() == null ? "" : entry.getRawPath();
        String dir = entryPath.substring(0, entryPath.lastIndexOf('/') + 1);
        String filePath = file.getRawPath() == null ? "" : file.getRawPath();
        boolean sameOrigin = entry.getScheme() != null && entry.getScheme().equalsIgnoreCase(file.getScheme())
                && String.valueOf(entry.getHost()).equalsIgnoreCase(String.valueOf(file.getHost()))
                && entry.getPort() == file.getPort();
        if (sameOrigin && filePath.startsWith(dir) && filePath.length() > dir.length() && file.getRawQuery() == null) {
            return filePath.substring(dir.length());
        }
        return file.toString();
    }

    /** The absolute URL of an external $ref's file, resolved against the file that holds it. */
    static String resolve(URI base, String ref, String holder) {
        String file = ref.contains("#") ? ref.substring(0, ref.indexOf('#')) : ref;
        URI target;
        try {
            target = base.resolve(new URI(file));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw ProcessingFailure.of(ProcessErrorCode.PARSE_ERROR, "$ref " + ref + " is not a valid URI reference", holder);
        }
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw ProcessingFailure.of(ProcessErrorCode.FETCH_ERROR, "$ref " + ref + " is refused: only http and https "
                    + "files can be referenced", holder);
        }
        // the fragment is not part of the file; a trailing "#" would make two names for one file
        String url = target.toString();
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }

    static boolean isJson(String text) {
        return io.bindery.openapi.specs.SpecSource.isJson(text);
    }

    static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }
}
