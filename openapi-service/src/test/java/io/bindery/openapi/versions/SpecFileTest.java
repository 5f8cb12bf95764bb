package io.bindery.openapi.versions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A spooled spec file reads back whole, whatever its size, and hashes as its text does. */
class SpecFileTest {

    @Test
    void aSpooledFileReadsBackWholeAndHashesAsItsText(@TempDir Path dir) throws Exception {
        // larger than the slices it is read in (64 KB), with multi-byte characters across their ends
        String text = "openapi: 3.0.3\r\n" + "é€𝄞 description\n".repeat(40_000);
        Path spooled = dir.resolve("0");
        Files.writeString(spooled, text, StandardCharsets.UTF_8);
        SpecFile file = new SpecFile("http://h/openapi.yaml", "openapi.yaml", spooled, text.length(), Set.of());
        assertEquals(text, file.text());
        assertEquals(Summary.contentHash(List.<String[]>of(new String[]{"openapi.yaml", text})),
                Summary.contentHashOf(List.of(file.hashed())));
    }
}
