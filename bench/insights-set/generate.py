#!/usr/bin/env python3
"""The insights quality set of issue 33: support conversations labelled with the problem they state (or none).

    python3 bench/insights-set/generate.py            # writes tuning.jsonl and held-out.jsonl beside this file

14 problems x 30 conversations, and 120 conversations that state no problem (small talk, thanks, replies to the
team, some worded with the words a keyword rule takes for a problem: "no problem", "not an issue any more").
Several problems share their words on purpose: three are about spaces (deleting one, searching in one, publishing
one), two about an email that never arrives (password reset, invitation), two about pages (PDF export, lost edits).

Held out for real: each problem's ways of saying it, and the openings, details, closings and no-problem messages,
are split in two before any conversation is made. The tuning half is made from one part and the held-out half from
the other, so held-out conversations are worded in sentences the code was never tuned on, not only in other
combinations of the same ones. Fixed seed, no network: the files are the same on every run.

One JSON object a line: {"id", "problem" (a problem's key, or null), "parts": [{"type", "role", "body"}]}.
"""
import json
import os
import random

SEED = 33
PER_PROBLEM = 30
NO_PROBLEM = 120

# key -> ways a user states it (an even number, at least 10: half for each half of the set)
PROBLEMS = {
    "space-delete": [
        "I can't delete a space, the delete option is greyed out.",
        "How do I remove an old space we no longer need?",
        "Deleting our test space fails with a permission error even though I'm the owner.",
        "The space we archived won't go away, there is no button to delete it for good.",
        "Is there a way to permanently get rid of a space? I only see archive.",
        "I tried to delete the marketing space and it just reappears after a refresh.",
        "We want to clean up unused spaces but removing them doesn't work.",
        "Our admin cannot delete a space that was created by a former employee.",
        "When I click 'Delete space' nothing happens.",
        "How can we erase a whole space including all its pages?",
        "The trash icon for spaces is missing, so I have no way to delete ours.",
        "Getting rid of duplicate spaces is impossible, they keep coming back.",
    ],
    "space-search": [
        "Search inside our space doesn't find pages that definitely exist.",
        "When I search for a term in the space I get no results, even for page titles.",
        "The search box in our docs returns nothing for words that are on the page.",
        "New pages don't show up in search results, only old ones do.",
        "Why does searching our space only find half of the content?",
        "Readers complain that the site search can't find the installation guide.",
        "Search results are empty since we moved pages into a new space.",
        "Looking up a keyword in the space search gives irrelevant pages, not the one that contains it.",
        "The search in the published docs seems to be outdated by several weeks.",
        "Full text search misses text inside our tables and code blocks.",
        "Typing an exact heading into search shows zero matches.",
        "Our team can't find anything with search since last Tuesday, it's like the index is stale.",
    ],
    "space-publish": [
        "I published our space but visitors get a 404 page.",
        "How do I make a space public so people without an account can read it?",
        "The public link of our space asks readers to log in.",
        "Our space is set to public yet the site says it is not available.",
        "After publishing, the space shows an old version to readers.",
        "Is it possible to share a space publicly without giving edit rights?",
        "Visitors see 'page not found' on our published documentation.",
        "The toggle to publish the space to the web is disabled for me.",
        "Our docs site went offline for anonymous readers after we changed the visibility.",
        "People outside our company can't open the space even though it's published.",
        "The share-to-web setting keeps reverting to private.",
        "External readers get an access denied screen on our public space.",
    ],
    "pdf-export": [
        "Exporting a page to PDF fails with a generic error.",
        "The PDF export comes out blank.",
        "How can I download the whole documentation as a PDF?",
        "Images are missing from the exported PDF.",
        "The PDF I downloaded cuts off the code blocks on the right.",
        "Export as PDF keeps spinning and never finishes for large spaces.",
        "Tables look broken when we print the docs to PDF.",
        "Is there a way to export just one section as a PDF file?",
        "The PDF download link gives a timeout.",
        "Our exported PDF uses the wrong fonts and has no table of contents.",
        "Printing the guide as a PDF drops all the diagrams.",
        "Every time I export to PDF the file is corrupted and won't open.",
    ],
    "lost-edits": [
        "I lost all my edits on a page after the browser crashed.",
        "Changes I made yesterday are gone, the page is back to an old version.",
        "How do I restore a previous version of a page?",
        "My colleague's edits overwrote mine and I can't find them in the history.",
        "The page history is empty, so I can't recover what was deleted.",
        "Where can I see who changed a page and revert it?",
        "Half of the content I wrote this morning disappeared after saving.",
        "We accidentally deleted a paragraph and need to roll it back.",
        "Autosave didn't keep my work, two hours of writing are lost.",
        "Is there an undo for a merged change that removed text from several pages?",
        "The revision list doesn't show my changes from last week.",
        "My draft vanished when I switched branches.",
    ],
    "sso-login": [
        "Logging in with SSO fails with an error after the Okta redirect.",
        "Our SAML single sign-on stopped working this morning.",
        "Users get 'invalid assertion' when they sign in through Azure AD.",
        "How do I set up single sign-on with Google Workspace?",
        "SSO login loops back to the sign-in page endlessly.",
        "Since we rotated our identity provider certificate nobody can sign in with SSO.",
        "New employees can't sign in through our identity provider.",
        "Is it possible to enforce SSO for everyone in the organization?",
        "The 'Continue with SSO' button shows an unknown organization error.",
        "Signing in through OneLogin drops us on a blank page.",
        "Our SAML configuration is rejected with a metadata error.",
        "The identity provider login works but we land back on the login screen, not signed in.",
    ],
    "password-reset": [
        "The password reset email never arrives.",
        "I requested a new password three times but got no email.",
        "How do I reset my password? The reset link is not in my inbox.",
        "The link in the password reset email says it has expired.",
        "I forgot my password and the 'forgot password' page does nothing.",
        "Resetting my password gives an error that the token is invalid.",
        "The reset password mail went to spam and the link no longer works.",
        "I can't change my password, the new one is rejected without any reason.",
        "Where can I change my password? I can't find it in the settings.",
        "After resetting my password, the old one still works and the new one doesn't.",
        "I never receive the email to set a new password.",
        "The 'reset password' link opens a page that says something went wrong.",
    ],
    "invite-member": [
        "The invitation email never reached my colleague.",
        "I invited three people to our organization but they didn't get any email.",
        "How do I add a new team member to our organization?",
        "The invite link says it's invalid when my coworker opens it.",
        "Invited users end up with their own empty organization instead of joining ours.",
        "Is there a way to resend an invitation?",
        "My teammate accepted the invite but still can't see our spaces.",
        "Inviting someone by email shows 'seat limit reached' although we have free seats.",
        "The pending invitations list is stuck and I can't cancel them.",
        "Our new hire never got the invite to join the workspace.",
        "Accepting the invitation shows an error that the email doesn't match.",
        "We can't invite external contractors, the button is disabled.",
    ],
    "custom-domain": [
        "Our custom domain shows an SSL certificate error.",
        "How do I set up a custom domain with a CNAME record?",
        "The DNS for our domain is configured but docs.example.com does not load.",
        "Domain verification has been pending for two days.",
        "The certificate for our custom domain expired and browsers show a warning.",
        "Is it possible to use a subdomain for our documentation?",
        "After moving our DNS to Cloudflare the custom domain stopped resolving.",
        "Where do I add the TXT record to verify our domain?",
        "Our domain redirects to the default bindery URL instead of staying on ours.",
        "Visitors see 'your connection is not private' on our docs domain.",
        "The custom hostname works without www but not with it.",
        "Connecting our own domain keeps failing with 'CNAME not found'.",
    ],
    "git-sync": [
        "GitHub sync stopped pushing our changes to the repository.",
        "Commits from our repo are not showing up in the docs.",
        "How do I connect a GitLab repository to a space?",
        "Git sync fails with a merge conflict I can't resolve.",
        "The sync with GitHub says 'authentication failed' since yesterday.",
        "Is there a way to sync only one folder of the repository?",
        "Our markdown files are imported but the folder structure is lost.",
        "Changes made in the editor never get committed back to GitHub.",
        "The GitHub app is installed but our repository doesn't appear in the list.",
        "Syncing overwrote our docs with an old branch.",
        "Every push to main triggers a sync error about an invalid summary file.",
        "Our two-way sync creates duplicate pages on every commit.",
    ],
    "image-upload": [
        "Uploading images fails with 'file too large' even for small pictures.",
        "Images I drag into the editor stay as grey boxes.",
        "How can I upload a screenshot to a page?",
        "Pasted images disappear after I save the page.",
        "Our PNG uploads are rejected with an unsupported format error.",
        "Is there a size limit for pictures? My upload keeps failing.",
        "The image upload progress bar gets stuck at 90 percent.",
        "GIFs upload but don't animate on the published page.",
        "Uploaded pictures show as broken images for readers.",
        "I can't add an image from my computer, the upload button does nothing.",
        "Screenshots I insert are blurry and downscaled.",
        "Drag and drop of files into a page doesn't upload anything.",
    ],
    "billing-invoice": [
        "We were charged twice this month.",
        "The invoice shows the wrong company name and VAT number.",
        "How do I download our invoices?",
        "Our card was billed after we cancelled the subscription.",
        "Is it possible to pay by bank transfer instead of credit card?",
        "The price on the invoice is higher than our plan.",
        "I need a refund for a duplicate payment.",
        "Billing says our payment failed but the bank shows it went through.",
        "Where can I change the billing email so invoices go to accounting?",
        "We were billed for 40 seats but only have 25 members.",
        "The receipt doesn't include our tax ID, which we need for accounting.",
        "Upgrading the plan charged us the full year instead of the difference.",
    ],
    "api-token": [
        "Our API token is rejected with a 401 unauthorized.",
        "How do I create a personal access token for the API?",
        "API calls fail with 'invalid token' right after generating a new one.",
        "The token we use in CI expired and we don't know how to renew it.",
        "Is there a way to give an API token read-only access?",
        "Requests to the API return 403 forbidden with an organization token.",
        "Revoked tokens still seem to work against the API.",
        "Where do I find the API key for our organization?",
        "Our integration stopped authenticating with its token this morning.",
        "The API answers 'missing authorization header' although we send the bearer token.",
        "Generating an API token gives an error in the developer settings.",
        "Service account tokens can't access our private spaces through the API.",
    ],
    "slow-editor": [
        "The editor is extremely slow on long pages.",
        "Typing lags by several seconds in the editor.",
        "Why does the page editor freeze when I paste a large table?",
        "Opening a big page in edit mode takes over a minute.",
        "The editor becomes unresponsive after a few minutes of writing.",
        "Is there a way to make editing faster for pages with many code blocks?",
        "Our writers complain that the editor stutters and drops keystrokes.",
        "Scrolling in the editor is choppy on pages with lots of images.",
        "The browser tab uses gigabytes of memory while editing and then crashes.",
        "Switching between pages in the editor is painfully slow.",
        "Every keystroke in the editor makes my laptop fan spin up.",
        "The editor hangs for seconds each time it autosaves.",
    ],
}

# messages of conversations that state no problem; some hold words a keyword rule takes for a problem
NO_PROBLEM_MESSAGES = [
    "Hi! Just wanted to say we love the new docs site.",
    "Thanks a lot, that fixed it!",
    "Great, it works now. Have a nice weekend!",
    "No problem, take your time.",
    "Ok, I'll try that tomorrow and let you know.",
    "Hello, is anyone there?",
    "Thank you for the quick answer.",
    "Never mind, I found it myself.",
    "That's not an issue any more, thanks.",
    "Perfect, thanks for your help!",
    "Good morning! Happy new year to the whole team.",
    "Sounds good, I'll wait for the next release.",
    "Awesome, you guys are the best.",
    "Sure, I can send you a screenshot later.",
    "Cheers, all sorted now.",
    "Thanks, nothing else for now.",
    "Can I just say the new editor looks lovely?",
    "We don't have any trouble any more, you can close this.",
    "Yes, that's correct.",
    "Got it, thank you so much.",
    "Hi, just checking in to say everything is working great.",
    "Appreciate it, have a good day!",
    "Thanks! That was exactly what I needed.",
    "Ok great, closing this ticket.",
    "Looking forward to the webinar next week.",
    "No worries, it can wait until Monday.",
    "Brilliant, thanks for sorting that out so fast.",
    "I'm the new admin here, just saying hello.",
    "It works perfectly now, no errors at all.",
    "Thanks for the update!",
    "Hello again, hope you're well.",
    "Ok, understood.",
    "Fine by me, thanks.",
    "That answers my question, thank you.",
    "Keep up the great work!",
    "Nice, I'll share this with my team.",
]

OPENINGS = ["", "", "", "Hi, ", "Hello, ", "Hey team, ", "Hi there! ", "Good morning. ", "Hello support, ",
            "Hey, ", "Hi folks, ", "Dear support team, "]
# a sentence that adds surroundings, not the problem
DETAILS = ["", "", "", " We are on the business plan.", " This started after the last update.",
           " I'm using Chrome on a Mac.", " It worked fine last month.", " Our whole team is affected.",
           " It happens on Firefox too.", " We tried it in an incognito window as well.",
           " I'm the owner of the organization.", " It's been like this since Monday.",
           " Our launch is next week.", " We have about 200 pages."]
CLOSINGS = ["", "", "", " Thanks!", " Any idea?", " Please help.", " This is urgent for us.", " Thanks in advance.",
            " Can you take a look?", " Cheers.", " Appreciate any help.", " Let me know if you need more details."]
ANSWERS = ["Thanks for reaching out. Let me look into this for you.",
           "Sorry about that! Could you send us a screenshot?",
           "Thanks for the report, I've passed it on to our engineers.",
           "Happy to help. Which browser are you using?",
           "Let me check with the team and get back to you."]
FOLLOW_UPS = ["Thank you, have a nice day.", "Ok, I'll wait.", "Thanks!", "Sure, here it is.",
              "Chrome, latest version.", "Great, thanks for the quick reply."]
GREETINGS_FIRST = ["Hi, are you there?", "Hello!", "Hey, quick question.", "Good afternoon."]
GREETING_ANSWERS = ["Hi! How can I help?", "Hello, what can I do for you?"]


def halves(items, rng):
    """The items shuffled and cut in two: the tuning half's and the held-out half's."""
    items = list(items)
    rng.shuffle(items)
    middle = len(items) // 2
    return items[:middle], items[middle:]


def message(role, body):
    return {"type": "message", "role": role, "body": body}


def problem_conversation(statement, pools, rng):
    opening, detail, closing = rng.choice(pools["openings"]), rng.choice(pools["details"]), rng.choice(pools["closings"])
    parts = []
    shape = rng.random()
    if shape < 0.2:
        # the problem comes in the second user turn, after a greeting
        parts.append(message("user", rng.choice(pools["greetings"])))
        parts.append(message("assistant", rng.choice(GREETING_ANSWERS)))
        parts.append(message("user", statement + detail + closing))
    elif shape < 0.35:
        # the detail first, then the problem
        parts.append(message("user", opening + detail.strip() + (" " if detail else "") + statement + closing))
    else:
        parts.append(message("user", opening + statement + detail + closing))
    parts.append(message("assistant", rng.choice(ANSWERS)))
    if rng.random() < 0.5:
        parts.append(message("user", rng.choice(pools["follow_ups"])))
    return parts


def no_problem_conversation(pools, rng):
    parts = [message("user", rng.choice(pools["no_problem"]))]
    if rng.random() < 0.5:
        parts.append(message("assistant", rng.choice(["You're welcome!", "Glad to hear it.", "Hi! How can we help?",
                                                      "Thanks, we'll close this then."])))
        parts.append(message("user", rng.choice(pools["no_problem"])))
    return parts


def main():
    rng = random.Random(SEED)
    pools = {"tuning": {}, "held-out": {}}
    for name, items in [("openings", OPENINGS), ("details", DETAILS), ("closings", CLOSINGS),
                        ("no_problem", NO_PROBLEM_MESSAGES), ("follow_ups", FOLLOW_UPS),
                        ("greetings", GREETINGS_FIRST)]:
        tuning, held_out = halves(items, rng)
        pools["tuning"][name], pools["held-out"][name] = tuning, held_out
    statements = {"tuning": {}, "held-out": {}}
    for key, ways in PROBLEMS.items():
        assert len(ways) >= 10 and len(ways) % 2 == 0, key
        statements["tuning"][key], statements["held-out"][key] = halves(ways, rng)
    here = os.path.dirname(os.path.abspath(__file__))
    for half in ("tuning", "held-out"):
        conversations = []
        for key in PROBLEMS:
            for i in range(PER_PROBLEM // 2):
                statement = rng.choice(statements[half][key])
                conversations.append({"problem": key, "parts": problem_conversation(statement, pools[half], rng)})
        for i in range(NO_PROBLEM // 2):
            conversations.append({"problem": None, "parts": no_problem_conversation(pools[half], rng)})
        rng.shuffle(conversations)
        with open(os.path.join(here, half + ".jsonl"), "w") as out:
            for n, c in enumerate(conversations):
                out.write(json.dumps({"id": f"{half}-{n}", "problem": c["problem"], "parts": c["parts"]}) + "\n")
        print(f"{half}: {len(conversations)} conversations, {len(PROBLEMS)} problems")


if __name__ == "__main__":
    main()
