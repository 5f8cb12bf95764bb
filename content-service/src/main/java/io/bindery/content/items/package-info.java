/**
 * What spaces and collections share as items of an organization's tree: where they sit ({@link
 * io.bindery.content.items.Placement}), their keyset-paged lists ({@link io.bindery.content.items.ContentLists}),
 * their API shapes ({@link io.bindery.content.items.ContentViews} builds {@link io.bindery.content.items.SpaceView} and
 * {@link io.bindery.content.items.CollectionView}), and the move, transfer and PATCH-field request parts both take. Each feature (spaces, collections) keeps its own resource, service and requests.
 */
package io.bindery.content.items;
