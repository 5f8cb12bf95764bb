package io.bindery.insights.issues;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.insights.conversations.IngestConversationRequest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Small talk gives no issue, problems still do ({@link MeaningIssueExtraction}, with the real embedding model):
 * conversations of our own, none from bench/insights-set, many of them small talk in a problem's words ("no errors
 * since the update", "the login issue is resolved", "false alarm"), each problem a sentence that says what is wrong
 * or asks how, some of them after thanks ("thanks, but the export still breaks"). The extraction's cues were chosen
 * on these and on the tuning half of the bench set.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class SmallTalkTest {
    static final List<String> SMALL_TALK = List.of(
            "No errors on our side since the update.",
            "Everything has been running smoothly, no complaints.",
            "The sync works again, thank you!",
            "Thanks, the export is fine now.",
            "Just wanted to say the new editor is lovely.",
            "I appreciate the help with the billing question.",
            "We didn't see any problems this week.",
            "Not a bug after all, my mistake.",
            "Never mind, I found the setting.",
            "False alarm, it was my browser extension.",
            "The login issue is resolved on our end.",
            "Perfect, that fixed it.",
            "All good, you can close this.",
            "Thanks for looking into the timeout so quickly.",
            "I'll let my team know it's fixed.",
            "Happy Friday everyone!",
            "We're rolling out the docs to the whole company next month.",
            "Could you pass my thanks on to the engineers?",
            "It's working perfectly since yesterday.",
            "No need to reply, just keeping you posted.",
            "The page loads quickly now.",
            "Ah, I see, that makes sense.",
            "Sounds good, talk soon.",
            "We've had zero crashes since the fix.",
            "Nothing is broken, I was just curious.",
            "I'm just checking in to say thanks.",
            "The webhook fires as expected now.",
            "Quick follow-up: everything is fine.",
            "Thanks, no further questions.",
            "Apologies, I clicked the wrong button and it was nothing.",
            "Hey, just a note that the import went through without errors.",
            "The calendar sync is behaving now, many thanks.",
            "Thank you, I no longer see the warning.",
            "Our editors are happy with the new layout.",
            "We have no open questions for now.",
            "Sorry, that was a typo on my end, please ignore.",
            "Cool, I will share the docs with the team.",
            "Everything is fine on mobile too.",
            "Works like a charm now.",
            "The dashboard looks great, no complaints from the team.",
            "We migrated last week without a hitch.",
            "I'm all set, thanks again.",
            "Just confirming that the emails arrive now.",
            "That was quick, appreciated!",
            "The issue we talked about is gone.",
            "Morning! Hope the release went well.",
            "Our trial is going well so far.",
            "Okay, I'll wait for your reply then.",
            // retractions and ends (RESOLVED's last cues)
            "Ignore my last email, it went through after all.",
            "Turns out the setting was there all along.",
            "I was wrong, the pages were published correctly.",
            "Glad to hear the outage is over.",
            "The dashboard numbers match ours now.",
            "All our readers can see the site again, thanks a ton.",
            "I stand corrected, the invoice was right.",
            "We can open the shared links again, much appreciated.",
            "The search results are accurate now.",
            "Oh, it was a caching thing on my side after all.");

    static final List<String> PROBLEMS = List.of(
            "The sidebar disappears when I resize the window.",
            "Our SSO login loops back to the sign-in page.",
            "Images in the PDF export are cut off.",
            "How do I invite a guest to a single space?",
            "The webhook sends the same event twice.",
            "Search returns nothing for pages I just published.",
            "My edits vanish after I refresh.",
            "Is there a way to rename the site's address?",
            "We get a 403 when opening the shared link.",
            "The API returns 429 even for a single request.",
            "Custom domain shows a certificate warning.",
            "Two of my pages swapped their titles after the merge.",
            "Where can I change the language of the interface?",
            "The Git sync stopped pulling new commits.",
            "Our invoices show the old company name.",
            "No errors appear but the page stays blank.",
            "It worked yesterday but today the import fails.",
            "Thanks for the fix, but the export still breaks on large spaces.",
            "The editor freezes when I paste a table.",
            "Readers on mobile can't open the menu.",
            "Nothing works now since the update.",
            "The import went through but half the pages are empty.",
            "Thanks, though the warning still shows on every page.",
            "Our editors cannot see the new layout.",
            "How can I export only one section?",
            "The calendar sync duplicates every event.",
            "The emails arrive twice for every comment.",
            "Since the migration the dashboard shows no data.",
            "I'm all set up but the invite button is missing.",
            "Is it possible to restore a deleted space?",
            "The release notes page returns a 404.",
            "Our trial ended early even though we have 10 days left.",
            // the same words as those cues, stating a problem
            "The trial is over and we lost access to our spaces.",
            "We can't see the shared links again after the update.",
            "The numbers in the report don't match now.",
            "The sidebar order is not correct now that we moved pages.");

    @Inject
    MeaningIssueExtraction extraction;

    static List<IngestConversationRequest.Part> conversation(String user) {
        return List.of(new IngestConversationRequest.Part("message", "user", "Hello! " + user),
                new IngestConversationRequest.Part("message", "assistant", "Thanks for writing to us."),
                new IngestConversationRequest.Part("message", "user", "Have a nice day."));
    }

    @Test
    void smallTalkGivesNoIssue() {
        List<String> gave = new ArrayList<>();
        for (String s : SMALL_TALK) {
            if (!extraction.extract(null, conversation(s)).isEmpty()) {
                gave.add(s);
            }
        }
        assertEquals(List.of(), gave, "small talk that gave an issue");
    }

    @Test
    void problemsStillGiveOne() {
        List<String> missed = new ArrayList<>();
        for (String s : PROBLEMS) {
            List<IssueExtraction.Extracted> found = extraction.extract(null, conversation(s));
            if (found.isEmpty()) {
                missed.add(s);
            } else {
                assertEquals(1, found.size(), s);
            }
        }
        // one of 36 is hard for the examples ("our trial ended early even though…": no word of a problem)
        assertTrue(missed.size() <= 1, "problems that gave no issue: " + missed);
    }
}
