package io.bindery.contracts.integrations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * A space's Git Sync as its operations and its stop leave it (issue 32). The last operation: its direction
 * ({@code import}: Git → Bindery, {@code export}), state ({@code running} when started; {@code success},
 * {@code failure} or {@code timeout} when ended), the commit and revision it left in step (null while unknown), the
 * error and the action that would resolve it when it failed. {@code synced}: the space is kept in step continuously
 * ({@code PUT git/sync}), not by a one-off import or export; false in the stop's event. What a Space's
 * {@code gitSync} shows: {@code repoName}, {@code url} (the tree URL given, else the repository's https address;
 * never a file or ssh URL, never credentials), {@code projectDirectory}, {@code provider} (GitBook's GitSyncProvider,
 * github or gitlab; null for other hosts), {@code installationStatus} (pending until an operation left both sides in
 * step, then active); {@code updatedAt} orders the events of a space (a consumer keeps the newest).
 * {@code fileUrl}: where a reader sees a file of the space in the repository, as a prefix to which the file's path in
 * the space's GitBook layout is appended (the tree URL given + the project directory, else GitHub's or GitLab's blob
 * of the ref in the project directory; null for other hosts, and absent from events made before it existed); like
 * {@code url}, an http(s) URL without credentials.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GitSyncData(String space, String organization, String ref, boolean synced, String direction,
                          String state, Instant startedAt, Instant endedAt, String commit, String revision,
                          String error, String errorAction, String repoName, String url, String projectDirectory,
                          String provider, String installationStatus, Instant updatedAt,
                          String fileUrl) {

    /**
     * The instant that orders this space's events ({@code updatedAt}; events from before it existed are ordered by
     * their operation's times); null when the event carries none. Static, not an accessor: Jackson would write a
     * method named like a property into the event.
     */
    public static Instant orderOf(GitSyncData s) {
        return s.updatedAt() != null ? s.updatedAt() : s.endedAt() != null ? s.endedAt() : s.startedAt();
    }
}
