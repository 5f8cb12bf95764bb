package io.bindery.insights.clusters;

import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.tartarus.snowball.ext.PorterStemmer;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An issue's text as clustering features: Lucene's standard tokenizer, lower case, English possessives and stop
 * words, then the Porter stem of each word. Words that say "this is a problem" or "a question" (error, fail, how,
 * help...) are dropped too: every issue has them, so they would pull unrelated issues together.
 */
public final class TextFeatures {
    private static final Pattern WORD = Pattern.compile("[\\p{L}][\\p{L}\\p{N}]*");
    private static final CharArraySet STOP;

    static {
        CharArraySet stop = new CharArraySet(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, true);
        for (String w : ("i i'm im me my mine we our us you your he she they them it's its am been being have has had "
                + "do does did doing done can could would should will shall may might must can't cannot couldn't won't "
                + "wouldn't don't doesn't didn't isn't aren't wasn't weren't haven't hasn't hi hello hey thanks thank "
                + "please help helps problem problems issue issues error errors bug bugs work works working worked fail "
                + "fails failed failing failure broken break breaks unable able get gets getting got try trying tried "
                + "how what why where when which who anyone someone somebody anything something way ways still also "
                + "just now today yesterday keep keeps kept seem seems anymore again know want wants need needs "
                + "use using used sure team question questions quick wrong right thing things see saw lot every all any "
                + "some more most much many very really since after before while here there about like one two missing "
                + "never nothing urgent idea week weeks day days morning").split(" ")) {
            stop.add(w);
        }
        STOP = CharArraySet.unmodifiableSet(stop);
    }

    /** A word: its stem (the feature) and the word as written (lower case), for labels. */
    public record Term(String stem, String word) {
    }

    private TextFeatures() {
    }

    /** The terms of a text, in order, repeats kept. */
    public static List<Term> terms(String text) {
        List<Term> out = new ArrayList<>();
        PorterStemmer stemmer = new PorterStemmer();
        StandardTokenizer tokenizer = new StandardTokenizer();
        tokenizer.setReader(new StringReader(text == null ? "" : text));
        try (TokenStream stream = new StopFilter(new EnglishPossessiveFilter(new LowerCaseFilter(tokenizer)), STOP)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                String word = term.toString();
                if (word.length() < 2 || word.length() > 40 || !WORD.matcher(word).matches()) {
                    continue;
                }
                stemmer.setCurrent(word);
                stemmer.stem();
                out.add(new Term(stemmer.getCurrent(), word));
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Terms as stored: "stem/word" pairs separated by spaces (neither contains either). */
    public static String encode(List<Term> terms) {
        StringBuilder sb = new StringBuilder();
        for (Term t : terms) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(t.stem()).append('/').append(t.word());
        }
        return sb.toString();
    }

    public static List<Term> decode(String encoded) {
        List<Term> out = new ArrayList<>();
        if (encoded == null || encoded.isEmpty()) {
            return out;
        }
        for (String pair : encoded.split(" ")) {
            int slash = pair.indexOf('/');
            out.add(slash < 0 ? new Term(pair, pair) : new Term(pair.substring(0, slash), pair.substring(slash + 1)));
        }
        return out;
    }

    /** Stem to the number of times it occurs. */
    public static Map<String, Integer> counts(List<Term> terms) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Term t : terms) {
            counts.merge(t.stem(), 1, Integer::sum);
        }
        return counts;
    }
}
