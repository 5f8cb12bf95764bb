package io.bindery.content.spaces;

/**
 * The search feature's index, as a duplicated space needs it: the copy shares the original's page versions, so it
 * shares their indexed sections too. Search implements this (it sits above spaces: it reads spaces' rows).
 */
public interface SearchCopies {
    /** Indexes {@code copyId} as {@code sourceId} is indexed now. */
    void copyIndex(String sourceId, String copyId);
}
