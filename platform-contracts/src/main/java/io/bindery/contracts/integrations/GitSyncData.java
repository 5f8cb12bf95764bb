package io.bindery.contracts.integrations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * A Git Sync operation of a space started or ended (issue 32): its direction ({@code import}: Git → Bindery,
 * {@code export}), state ({@code running} when started; {@code success}, {@code failure} or {@code timeout} when
 * ended), and the commit and revision it left in step (null while unknown), the error and the action that would
 * resolve it when it failed. {@code synced}: the space is kept in step continuously ({@code PUT git/sync}), not
 * by a one-off import or export. The repository URL and credentials are never in an event.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GitSyncData(String space, String organization, String ref, boolean synced, String direction,
                          String state, Instant startedAt, Instant endedAt, String commit, String revision,
                          String error, String errorAction) {
}
