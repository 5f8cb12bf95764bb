package io.bindery.insights.translations;

import java.util.List;
import java.util.Set;

/**
 * Machine translation of HTML paragraphs whose tags stay as they are. The embedded engine is {@link ApertiumEngine}
 * (offline); a hosted one would be another implementation.
 */
public interface TranslationEngine {
    /** Installed pairs as GitBook's language codes, "en-es". */
    Set<String> pairs();

    /** The paragraphs translated, in order; {@code from} and {@code to} are GitBook language codes of an installed pair. */
    List<String> translate(String from, String to, List<String> paragraphs);
}
