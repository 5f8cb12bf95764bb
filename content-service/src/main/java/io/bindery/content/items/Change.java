package io.bindery.content.items;

/**
 * One field of a PATCH request that was given: in a request record, a null {@code Change} is an absent field
 * (left unchanged), and {@code new Change<>(null)} a field set to null where null clears the value.
 */
public record Change<T>(T value) {
}
