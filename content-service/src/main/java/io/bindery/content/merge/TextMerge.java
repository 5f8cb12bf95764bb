package io.bindery.content.merge;

import com.github.difflib.DiffUtils;
import com.github.difflib.algorithm.myers.MeyersDiffWithLinearSpace;
import com.github.difflib.patch.AbstractDelta;

import java.util.ArrayList;
import java.util.List;

/**
 * Line-level three-way merge of a page's markdown (classic diff3, with git's rules).
 *
 * <p>How it works: both sides are diffed against the common base (Myers, line by line). Every diff
 * hunk covers a range of base lines. Hunks from the two sides are walked together in base order and
 * grouped into <em>clusters</em>: a hunk joins the current cluster when it starts at or before the
 * cluster's end, so hunks that overlap <em>or merely touch</em> end up together. Then, per cluster:
 * <ul>
 *   <li>only one side changed anything → that side's lines are taken;</li>
 *   <li>both sides changed it to the same lines → those lines are taken once;</li>
 *   <li>otherwise → a conflict {@link Region}.</li>
 * </ul>
 *
 * <p><b>Adjacent changes conflict</b>, as in git: if ours edits base line 3 and theirs edits base
 * line 4, or both insert at the same point, or one inserts right before/after a line the other
 * edits, there is no unchanged line between them that would show which order is right, so the
 * merge reports a conflict. Changes separated by at least one unchanged base line merge cleanly.
 *
 * <p><b>Lines</b> keep their terminator ({@code "\n"} or {@code "\r\n"}), so CRLF files and a missing
 * final newline survive byte for byte. Only {@code '\n'} ends a line (as in git); a lone
 * {@code '\r'} is ordinary content. Adding or removing the final newline therefore changes the
 * last line.
 *
 * <p>Limits:
 * <ul>
 *   <li>Unlike git's default ("zealous") level, a conflict is not shrunk further by lines the two
 *       sides happen to have in common inside the conflicting region; the whole cluster is
 *       reported.</li>
 *   <li>Cost grows with page length times the number of changed lines (Myers diff): a 5,000-line
 *       page with a few edits merges in a few milliseconds, but three unrelated 5,000-line texts
 *       take about half a second and 20,000 lines about 6 seconds. Limit page size before calling.</li>
 * </ul>
 */
public final class TextMerge {

    private TextMerge() {
    }

    /** Outcome of a merge: either merged text or the list of conflicting regions. */
    public sealed interface Result permits Clean, Conflict {
    }

    /** The merge succeeded; {@code text} is the merged page. */
    public record Clean(String text) implements Result {
    }

    /** The merge failed; {@code regions} lists every conflicting hunk in base order (never empty). */
    public record Conflict(List<Region> regions) implements Result {
        public Conflict {
            regions = List.copyOf(regions);
        }
    }

    /**
     * One conflicting hunk.
     *
     * @param baseStart first base line of the hunk (0-based)
     * @param baseEnd   end of the hunk in base (exclusive); equals {@code baseStart} when both sides
     *                  only inserted lines at that point
     * @param base      the base lines in {@code [baseStart, baseEnd)}
     * @param ours      what our side has in place of those lines
     * @param theirs    what their side has in place of those lines
     */
    public record Region(int baseStart, int baseEnd, List<String> base, List<String> ours, List<String> theirs) {
        public Region {
            base = List.copyOf(base);
            ours = List.copyOf(ours);
            theirs = List.copyOf(theirs);
        }
    }

    /**
     * Merges {@code ours} and {@code theirs}, which both started from {@code base}. A {@code null}
     * argument counts as the empty page (e.g. a page created on both sides has no common base).
     */
    public static Result merge(String base, String ours, String theirs) {
        String baseText = base == null ? "" : base;
        String oursText = ours == null ? "" : ours;
        String theirsText = theirs == null ? "" : theirs;

        // Fast paths: no need to diff when a side is untouched or both sides agree.
        if (oursText.equals(baseText)) {
            return new Clean(theirsText);
        }
        if (theirsText.equals(baseText) || oursText.equals(theirsText)) {
            return new Clean(oursText);
        }

        List<String> baseLines = splitLines(baseText);
        List<String> oursLines = splitLines(oursText);
        List<String> theirsLines = splitLines(theirsText);
        return mergeLines(baseLines, new Side(oursLines, hunks(baseLines, oursLines)),
                new Side(theirsLines, hunks(baseLines, theirsLines)));
    }

    /** Splits text into lines, each keeping its {@code '\n'} (and a preceding {@code '\r'}). */
    static List<String> splitLines(String text) {
        List<String> lines = new ArrayList<>();
        int lineStart = 0;
        int newline;
        while ((newline = text.indexOf('\n', lineStart)) >= 0) {
            lines.add(text.substring(lineStart, newline + 1));
            lineStart = newline + 1;
        }
        if (lineStart < text.length()) {
            lines.add(text.substring(lineStart)); // last line without a final newline
        }
        return lines;
    }

    /**
     * A changed range: base lines {@code [baseStart, baseEnd)} were replaced by side lines
     * {@code [sideStart, sideEnd)}. Either range may be empty (pure insertion or deletion).
     */
    private record Hunk(int baseStart, int baseEnd, int sideStart, int sideEnd) {
        /** How many lines longer the side is than the base after this hunk. */
        int growth() {
            return (sideEnd - sideStart) - (baseEnd - baseStart);
        }
    }

    /** One side of the merge: its lines, its hunks against base, and a cursor for the walk. */
    private static final class Side {
        final List<String> lines;
        final List<Hunk> hunks;
        /** Index of the next hunk not yet assigned to a cluster. */
        int next;
        /** For base lines outside any hunk already walked: side index = base index + offset. */
        int offset;

        Side(List<String> lines, List<Hunk> hunks) {
            this.lines = lines;
            this.hunks = hunks;
        }

        boolean hasHunkStartingAtOrBefore(int baseLine) {
            return next < hunks.size() && hunks.get(next).baseStart() <= baseLine;
        }

        int nextStart() {
            return next < hunks.size() ? hunks.get(next).baseStart() : Integer.MAX_VALUE;
        }
    }

    private static List<Hunk> hunks(List<String> baseLines, List<String> sideLines) {
        // The linear-space Myers variant keeps memory bounded even when the texts differ completely.
        List<AbstractDelta<String>> deltas = DiffUtils
                .diff(baseLines, sideLines, new MeyersDiffWithLinearSpace<String>())
                .getDeltas();
        List<Hunk> hunks = new ArrayList<>(deltas.size());
        for (AbstractDelta<String> delta : deltas) {
            int baseStart = delta.getSource().getPosition();
            int sideStart = delta.getTarget().getPosition();
            hunks.add(new Hunk(baseStart, baseStart + delta.getSource().size(),
                    sideStart, sideStart + delta.getTarget().size()));
        }
        hunks.sort((a, b) -> Integer.compare(a.baseStart(), b.baseStart()));
        return hunks;
    }

    private static Result mergeLines(List<String> baseLines, Side ours, Side theirs) {
        StringBuilder merged = new StringBuilder();
        List<Region> conflicts = new ArrayList<>();
        int baseCursor = 0; // base lines before this have been written to `merged`

        while (ours.next < ours.hunks.size() || theirs.next < theirs.hunks.size()) {
            int clusterStart = Math.min(ours.nextStart(), theirs.nextStart());
            int clusterEnd = clusterStart;
            int oursFirst = ours.next;
            int theirsFirst = theirs.next;
            // Grow the cluster with every hunk (from either side) that overlaps or touches it.
            while (true) {
                if (ours.hasHunkStartingAtOrBefore(clusterEnd)) {
                    clusterEnd = Math.max(clusterEnd, ours.hunks.get(ours.next++).baseEnd());
                } else if (theirs.hasHunkStartingAtOrBefore(clusterEnd)) {
                    clusterEnd = Math.max(clusterEnd, theirs.hunks.get(theirs.next++).baseEnd());
                } else {
                    break;
                }
            }

            appendAll(merged, baseLines.subList(baseCursor, clusterStart));
            baseCursor = clusterEnd;
            List<String> oursLines = sliceAndAdvance(ours, oursFirst, clusterStart, clusterEnd);
            List<String> theirsLines = sliceAndAdvance(theirs, theirsFirst, clusterStart, clusterEnd);
            boolean oursChanged = ours.next > oursFirst;
            boolean theirsChanged = theirs.next > theirsFirst;

            if (!theirsChanged || oursLines.equals(theirsLines)) {
                appendAll(merged, oursLines);
            } else if (!oursChanged) {
                appendAll(merged, theirsLines);
            } else {
                conflicts.add(new Region(clusterStart, clusterEnd,
                        baseLines.subList(clusterStart, clusterEnd), oursLines, theirsLines));
            }
        }
        if (!conflicts.isEmpty()) {
            return new Conflict(conflicts);
        }
        appendAll(merged, baseLines.subList(baseCursor, baseLines.size()));
        return new Clean(merged.toString());
    }

    /**
     * Returns the side's lines standing in for base lines {@code [clusterStart, clusterEnd)} and
     * moves the side's offset past the cluster. Works because every hunk of the side lies either
     * fully inside the cluster (indices {@code first} until {@code side.next}) or fully outside it.
     */
    private static List<String> sliceAndAdvance(Side side, int first, int clusterStart, int clusterEnd) {
        int sideStart = clusterStart + side.offset;
        for (int i = first; i < side.next; i++) {
            side.offset += side.hunks.get(i).growth();
        }
        int sideEnd = clusterEnd + side.offset;
        return side.lines.subList(sideStart, sideEnd);
    }

    private static void appendAll(StringBuilder target, List<String> lines) {
        for (String line : lines) {
            target.append(line);
        }
    }
}
