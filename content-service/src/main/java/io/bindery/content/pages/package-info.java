/**
 * Reading a space's content: the live content, a revision of the history, their pages and files ({@link
 * io.bindery.content.pages.ContentReader}, {@code /spaces/{s}/content/**}, {@code /spaces/{s}/revisions/**}) and
 * their API shapes ({@link io.bindery.content.pages.PageViews}; {@link io.bindery.content.pages.BranchView} is the
 * branch a revision view embeds). Writing content is {@code authoring}; storing
 * revisions is {@code revisions}.
 */
package io.bindery.content.pages;
