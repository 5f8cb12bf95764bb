package io.bindery.content.domain;

/** What spaces and collections share for the role rule and for placement inside a parent. */
public interface ContentItem {
    String id();

    /** "space" or "collection", as in position pointers and grants. */
    String type();

    String organizationId();

    String parentId();

    String[] ancestors();

    String defaultLevel();

    /** In the trash (a space, until restored or purged); such an item is not found by the live lookups. */
    boolean deleted();
}
