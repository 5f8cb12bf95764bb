package io.bindery.openapi.versions;


import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * One file of a spec: where it was fetched from ({@code url}; for a spec given as text, its published address),
 * its {@code path} (relative to the entry point's directory for files beside or under it, else its URL), its text
 * and its external $refs as written. The text waits on disk ({@code spooled}, UTF-8) while the spec is parsed, so
 * that the heap holds the parser's tree and model but not the text as well; it is read back to be stored.
 */
public record SpecFile(String url, String path, Path spooled, long chars, Set<String> refs) {

    /**
     * The text, read from its spooled copy in slices: a read of the whole file at once would make NIO allocate a
     * direct buffer of its size, and keep it cached for the processing thread (5 MB outside the heap, for good).
     */
    public String text() {
        try (FileChannel channel = FileChannel.open(spooled, StandardOpenOption.READ)) {
            byte[] bytes = new byte[Math.toIntExact(channel.size())];
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.position() < bytes.length) {
                buffer.limit(Math.min(bytes.length, buffer.position() + 65536));
                if (channel.read(buffer) < 0) {
                    break;
                }
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("a spooled spec file cannot be read", e);
        }
    }

    /** The text as a stream, for hashing. */
    public Reader reader() throws IOException {
        return Files.newBufferedReader(spooled, StandardCharsets.UTF_8);
    }

    public Summary.HashedFile hashed() {
        return new Summary.HashedFile(path, this::reader);
    }
}
