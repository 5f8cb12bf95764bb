package io.bindery.insights.issues;

import io.bindery.insights.conversations.IngestConversationRequest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Deterministic extraction: each user turn that reports a problem (can't, fails, error, broken...) or asks how to do
 * something (how do I, is there a way, where can I...) is an issue. Its title is the first such sentence, greeting
 * removed; its summary the turn's text, both cut at a word boundary. The same title twice in a conversation is one
 * issue. No longer the service's extraction (issue 33: {@link MeaningIssueExtraction}), whose sentence splitting,
 * greeting removal and keyword hint it provides.
 */
public class RuleBasedIssueExtraction implements IssueExtraction {
    static final int MAX_TITLE = 120;
    static final int MAX_SUMMARY = 400;
    static final Pattern SENTENCES = Pattern.compile("(?<=[.!?])\\s+|\\s*\\n+\\s*");
    static final Pattern PROBLEM = Pattern.compile("\\b(can'?t|cannot|can not|couldn'?t|unable|won'?t|"
            + "doesn'?t|does not|isn'?t|is not|not working|stopped working|no longer|broken|breaks?|error|errors|"
            + "fails?|failed|failing|failure|crash(es|ed|ing)?|stuck|wrong|missing|bug|problem|issue|trouble|"
            + "timeout|times out|freez(es|ing)|hangs?|blank|empty|lost|disappear(s|ed)?|does nothing|nothing happens|"
            + "expired|cut off|never|rejects?|not accepted|insecure|slow)\\b", Pattern.CASE_INSENSITIVE);
    static final Pattern HOW_TO = Pattern.compile("\\b(how (do|can|to|should|would|does)|is there a way|"
            + "is it possible|where (do|can|is|are)|what is the (best )?way|can i|could i|do you support|"
            + "does .{1,40} support)\\b", Pattern.CASE_INSENSITIVE);
    static final Pattern GREETING = Pattern.compile("^(hi|hello|hey|good (morning|afternoon|evening)|"
            + "dear [^,]{1,30})(\\s+(there|team|all|everyone|folks|support))?\\s*[,!.:-]*\\s*", Pattern.CASE_INSENSITIVE);

    @Override
    public List<Extracted> extract(String subject, List<IngestConversationRequest.Part> parts) {
        List<Extracted> issues = new ArrayList<>();
        Set<String> titles = new HashSet<>();
        for (IngestConversationRequest.Part part : parts) {
            if (!part.role().equals("user")) {
                continue;
            }
            String text = part.body().strip();
            String title = null;
            for (String sentence : SENTENCES.split(text)) {
                String s = GREETING.matcher(sentence.strip()).replaceFirst("").strip();
                if (s.length() >= 8 && (PROBLEM.matcher(s).find() || HOW_TO.matcher(s).find())) {
                    title = s;
                    break;
                }
            }
            if (title == null) {
                continue;
            }
            title = capitalize(cut(title.replaceAll("[.!]+$", ""), MAX_TITLE));
            if (titles.add(title.toLowerCase(Locale.ROOT))) {
                String body = GREETING.matcher(text.replaceAll("\\s+", " ")).replaceFirst("").strip();
                issues.add(new Extracted(title, capitalize(cut(body, MAX_SUMMARY))));
            }
        }
        return issues;
    }

    static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int space = text.lastIndexOf(' ', max - 1);
        return text.substring(0, space > max / 2 ? space : max - 1).strip() + "…";
    }

    static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
