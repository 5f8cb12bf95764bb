package io.bindery.document;

import java.util.regex.Pattern;

/**
 * The one rule for a link page's address (content's batch write refuses it, Git Sync's import skips such a SUMMARY.md
 * entry, so the two agree): readers and GitBook's clients follow it, so it is never one a browser would run.
 */
public final class LinkAddresses {
    private static final Pattern RUNNABLE = Pattern.compile("\\s*(?:javascript|data|vbscript):", Pattern.CASE_INSENSITIVE);

    private LinkAddresses() {
    }

    /** Whether following {@code address} would run something: {@code javascript:}, {@code data:}, {@code vbscript:}. */
    public static boolean isRunnable(String address) {
        return RUNNABLE.matcher(address).lookingAt();
    }
}
