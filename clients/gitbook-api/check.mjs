// Drives a Bindery gateway with GitBook's official client (@gitbook/api; seed-checks.mjs also 0.202.0), exactly as a GitBook user
// would: `new GitBookAPI({ endpoint, authToken })`. Run by `./platform test` against the e2e stack:
//   BINDERY_GATEWAY=http://127.0.0.1:18080 BINDERY_TOKEN_FILE=.platform/e2e/admin-token node check.mjs
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { readFileSync } from 'node:fs';
import { integrationsChecks } from './integrations-checks.mjs';
import { openapiChecks } from './openapi-checks.mjs';
import { insightsChecks } from './insights-checks.mjs';
import { seedChecks } from './seed-checks.mjs';
import { gitSyncChecks } from './gitsync-checks.mjs';
import assert from 'node:assert/strict';

const endpoint = process.env.BINDERY_GATEWAY ?? 'http://127.0.0.1:8080';
const authToken = readFileSync(process.env.BINDERY_TOKEN_FILE ?? '.platform/admin-token', 'utf8').trim();
const api = new GitBookAPI({ endpoint, authToken });

const checks = [];
const check = (name, fn) => checks.push([name, fn]);

check('user.getAuthenticatedUser returns the admin', async () => {
  const { data: me } = await api.user.getAuthenticatedUser();
  assert.equal(me.object, 'user');
  assert.equal(me.email, 'admin@bindery.local');
  assert.ok(me.urls.location.includes('/v1/users/'));
});

check('users.getUserById returns the same user', async () => {
  const { data: me } = await api.user.getAuthenticatedUser();
  const { data: again } = await api.users.getUserById(me.id);
  assert.equal(again.id, me.id);
});

check('a bad token surfaces as GitBookAPIError 401 with our message', async () => {
  const stranger = new GitBookAPI({ endpoint, authToken: 'not-a-token' });
  await assert.rejects(stranger.user.getAuthenticatedUser(), (err) => {
    assert.ok(err instanceof GitBookAPIError);
    assert.equal(err.code, 401);
    assert.ok(err.message.length > 0);
    return true;
  });
});

// Organizations are created with Bindery's POST /v1/orgs (GitBook's API has no such call); the rest is
// GitBook's own client.
let orgId;
check('orgs: list, get, update the caller\'s organization', async () => {
  const created = await fetch(`${endpoint}/v1/orgs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: `Client check ${Date.now()}` }),
  });
  assert.equal(created.status, 201);
  orgId = (await created.json()).id;
  const { data: list } = await api.orgs.listOrganizationsForAuthenticatedUser({ limit: 1000 });
  assert.ok(list.items.some((o) => o.id === orgId));
  const { data: org } = await api.orgs.getOrganizationById(orgId);
  assert.equal(org.object, 'organization');
  assert.equal(org.permissions.admin, true);
  const { data: renamed } = await api.orgs.updateOrganizationById(orgId, { title: 'Renamed by the client' });
  assert.equal(renamed.title, 'Renamed by the client');
});

check('orgs: members list and member', async () => {
  const { data: me } = await api.user.getAuthenticatedUser();
  const { data: members } = await api.orgs.listMembersInOrganizationById(orgId, { limit: 10 });
  assert.equal(members.count, 1);
  assert.equal(members.items[0].user.id, me.id);
  const { data: member } = await api.orgs.getMemberInOrganizationById(orgId, me.id);
  assert.equal(member.role, 'admin');
});

check('orgs: teams and their members', async () => {
  const { data: me } = await api.user.getAuthenticatedUser();
  const { data: team } = await api.orgs.createOrganizationTeam(orgId, { title: 'Writers' });
  assert.equal(team.object, 'team');
  const { data: teams } = await api.orgs.listTeamsInOrganizationById(orgId, {});
  assert.ok(teams.items.some((t) => t.id === team.id));
  const { data: again } = await api.orgs.getTeamInOrganizationById(orgId, team.id);
  assert.equal(again.title, 'Writers');
  await api.orgs.updateMembersInOrganizationTeam(orgId, team.id, { add: [me.id] });
  const { data: teamMembers } = await api.orgs.listTeamMembersInOrganizationById(orgId, team.id, {});
  assert.ok(teamMembers.items.length >= 1);
  const { data: mine } = await api.orgs.listTeamsForOrganizationMember(orgId, me.id, {});
  assert.ok(mine.items.some((t) => t.team.id === team.id));
  await api.orgs.removeTeamFromOrganizationById(orgId, team.id);
});

// Spaces through GitBook's client: the whole lifecycle (create, list, get, update, delete, restore).
let spaceId;
check('spaces: create in an organization, list and get', async () => {
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Client space', emoji: '📘' });
  spaceId = space.id;
  assert.equal(space.object, 'space');
  assert.equal(space.title, 'Client space');
  assert.equal(space.emoji, '📘');
  assert.equal(space.organization, orgId);
  assert.equal(space.visibility, 'private');
  assert.equal(space.editMode, 'live');
  assert.deepEqual(space.mergeRules, { type: 'inherit' });
  assert.equal(space.defaultLevel, 'inherit');
  assert.equal(typeof space.revision, 'string');
  assert.equal(space.parent, undefined);
  assert.equal(space.deletedAt, undefined);
  assert.ok(space.urls.location.endsWith(`/v1/spaces/${space.id}`));
  assert.equal(space.permissions.admin, true);
  assert.equal(space.permissions.edit, true);
  const { data: list } = await api.orgs.listSpacesInOrganizationById(orgId, { limit: 1000 });
  assert.ok(list.items.some((s) => s.id === space.id));
  const { data: again } = await api.spaces.getSpaceById(space.id);
  assert.equal(again.id, space.id);
  assert.equal(again.revision, space.revision);
});

check('spaces: pages of a list follow next.page', async () => {
  const ids = [];
  for (const title of ['Paged 1', 'Paged 2']) {
    ids.push((await api.orgs.createSpace(orgId, { title })).data.id);
  }
  const { data: first } = await api.orgs.listSpacesInOrganizationById(orgId, { limit: 2 });
  assert.equal(first.items.length, 2);
  assert.ok(first.count >= 3);
  assert.ok(first.next?.page, 'a first page of 2 out of 3+ has next.page');
  const { data: second } = await api.orgs.listSpacesInOrganizationById(orgId, { limit: 2, page: first.next.page });
  const seen = [...first.items, ...second.items].map((s) => s.id);
  assert.equal(new Set(seen).size, seen.length, 'no space on two pages');
  assert.ok(ids.every((id) => seen.includes(id)));
});

check('spaces: update title and editMode', async () => {
  const { data: updated } = await api.spaces.updateSpaceById(spaceId, { title: 'Locked by the client', editMode: 'locked' });
  assert.equal(updated.title, 'Locked by the client');
  assert.equal(updated.editMode, 'locked');
  assert.equal(updated.permissions.edit, false, 'nobody edits a locked space');
  assert.equal(updated.permissions.admin, true);
  const { data: again } = await api.spaces.getSpaceById(spaceId);
  assert.equal(again.editMode, 'locked');
  await assert.rejects(api.spaces.updateSpaceById(spaceId, { editMode: 'frozen' }), (err) => {
    assert.ok(err instanceof GitBookAPIError);
    assert.equal(err.code, 400);
    assert.match(err.errorMessage, /editMode/);
    return true;
  });
});

check('spaces: delete hides the space (404), restore brings it back', async () => {
  await api.spaces.deleteSpaceById(spaceId);
  await assert.rejects(api.spaces.getSpaceById(spaceId), (err) => {
    assert.ok(err instanceof GitBookAPIError);
    assert.equal(err.code, 404);
    return true;
  });
  const { data: list } = await api.orgs.listSpacesInOrganizationById(orgId, { limit: 1000 });
  assert.ok(!list.items.some((s) => s.id === spaceId));
  await api.spaces.deleteSpaceById(spaceId); // deleting again is still a success (204)
  const { data: restored } = await api.spaces.restoreSpace(spaceId);
  assert.equal(restored.id, spaceId);
  assert.equal(restored.deletedAt, undefined);
  assert.equal(restored.title, 'Locked by the client');
  const { data: again } = await api.spaces.getSpaceById(spaceId);
  assert.equal(again.id, spaceId);
});

check('spaces: grant a member a role on a space, list it, remove it', async () => {
  // The user is made with Bindery's admin API (GitBook's has none); the invite and grants are GitBook's client.
  const email = `reader-${Date.now()}@client-check.example.com`;
  const made = await fetch(`${endpoint}/v1/admin/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, displayName: 'Client reader' }),
  });
  assert.equal(made.status, 201);
  const userId = (await made.json()).id;
  await api.orgs.inviteUsersToOrganization(orgId, { emails: [email], role: 'read' });
  const { data: before } = await api.spaces.listUserPermissionsInSpace(spaceId, {});
  assert.ok(!before.items.some((p) => p.user.id === userId));
  await api.spaces.updateUserPermissionInSpace(spaceId, userId, { role: 'edit' });
  const { data: granted } = await api.spaces.listUserPermissionsInSpace(spaceId, {});
  const grant = granted.items.find((p) => p.user.id === userId);
  assert.equal(grant?.permission, 'edit');
  assert.equal(grant.user.displayName, 'Client reader');
  await api.spaces.removeUserFromSpace(spaceId, userId);
  const { data: after } = await api.spaces.listUserPermissionsInSpace(spaceId, {});
  assert.ok(!after.items.some((p) => p.user.id === userId));
  await assert.rejects(api.spaces.updateUserPermissionInSpace(spaceId, 'no-such-user', { role: 'read' }), (err) => err.code === 404);
});

check('content: apply a template, then read the revision, pages, a page in both formats, by path, search and links', async () => {
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Client content' });
  await api.spaces.applyTemplateToSpace(space.id, { id: 'product-docs' });
  const { data: revision } = await api.spaces.getCurrentRevision(space.id);
  assert.equal(revision.object, 'revision');
  assert.notEqual(revision.id, space.revision);
  const titles = revision.pages.map((p) => p.title);
  assert.ok(titles.includes('Getting started'), titles.join(', '));
  const { data: tree } = await api.spaces.listPages(space.id);
  const start = tree.pages.find((p) => p.slug === 'getting-started');
  assert.equal(start.path, 'getting-started');
  assert.equal(start.kind, 'sheet');
  const { data: md } = await api.spaces.getPageById(space.id, start.id, { format: 'markdown' });
  assert.ok(md.markdown.includes('/pages/'), 'relative .md links were resolved to page links');
  assert.ok(!md.markdown.includes('](./faq.md)'));
  const { data: doc } = await api.spaces.getPageById(space.id, start.id, { format: 'document' });
  assert.equal(doc.document.object, 'document');
  assert.ok(doc.document.nodes.length > 0);
  const guides = tree.pages.find((p) => p.slug === 'guides');
  const child = guides.pages[0];
  const { data: byPath } = await api.spaces.getPageByPath(space.id, child.path);
  assert.equal(byPath.id, child.id);
  const { data: hits } = await api.spaces.searchSpaceContent(space.id, { query: 'installation' });
  assert.ok(hits.items.length > 0 && hits.items[0].sections.length > 0);
  const { data: links } = await api.spaces.listSpaceLinks(space.id);
  assert.ok(links.stats.total > 0);
  assert.equal(links.stats.broken.total, 0);
});

// Change requests and comments through GitBook's client. Writing content has no method in this client version,
// so the one batch write is a plain fetch in GitBook's shape (POST …/change-requests/{id}/content).
check('change requests: create, write, list, get, update and merge; a comment posted and resolved', async () => {
  const { data: me } = await api.user.getAuthenticatedUser();
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Client review' });
  const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Client change' });
  assert.equal(cr.object, 'change-request');
  assert.equal(cr.status, 'draft');
  assert.equal(cr.subject, 'Client change');
  assert.equal(cr.createdBy.id, me.id);
  assert.equal(cr.revisionInitial, space.revision);
  assert.ok(cr.urls.location.endsWith(`/v1/spaces/${space.id}/change-requests/${cr.id}`));

  const wrote = await fetch(`${endpoint}/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ changes: [{ operation: 'insert_page', title: 'From the client',
      document: { markdown: '# From the client\n\nWritten in a change request.\n' } }] }),
  });
  assert.equal(wrote.status, 200, await wrote.clone().text());
  assert.equal((await wrote.json()).id, cr.id);
  const { data: crPages } = await api.spaces.listPagesInChangeRequest(space.id, cr.id);
  assert.ok(crPages.pages.some((p) => p.title === 'From the client'));

  const { data: opened } = await api.spaces.updateChangeRequestById(space.id, cr.id, { status: 'open', subject: 'Client change, ready' });
  assert.equal(opened.status, 'open');
  assert.equal(opened.subject, 'Client change, ready');
  const { data: open } = await api.spaces.listChangeRequestsForSpace(space.id, {});
  assert.deepEqual(open.items.map((c) => c.id), [cr.id]);
  const { data: drafts } = await api.spaces.listChangeRequestsForSpace(space.id, { status: 'draft' });
  assert.equal(drafts.items.length, 0);
  const { data: byNumber } = await api.spaces.getChangeRequestById(space.id, String(cr.number));
  assert.equal(byNumber.id, cr.id);
  assert.notEqual(byNumber.revision, cr.revision, 'the write moved the head');

  const { data: comment } = await api.spaces.postCommentInChangeRequest(space.id, cr.id, { body: { markdown: 'Looks **good**.' } });
  assert.equal(comment.object, 'comment');
  assert.equal(comment.status, 'open');
  assert.equal(comment.target.changeRequest, cr.id);
  const { data: resolved } = await api.spaces.updateCommentInChangeRequest(space.id, cr.id, comment.id, { resolved: true });
  assert.equal(resolved.status, 'resolved');
  assert.equal(resolved.resolvedBy.id, me.id);
  const { data: onSpace } = await api.spaces.postCommentInSpace(space.id, { body: { markdown: 'On the space itself.' } });
  const { data: spaceResolved } = await api.spaces.updateCommentInSpace(space.id, onSpace.id, { resolved: true });
  assert.equal(spaceResolved.status, 'resolved');

  const { data: updated } = await api.spaces.updateChangeRequest(space.id, cr.id);
  assert.equal(updated.result, 'update');
  const { data: merged } = await api.spaces.mergeChangeRequest(space.id, cr.id);
  assert.equal(merged.result, 'merge');
  const { data: after } = await api.spaces.getSpaceById(space.id);
  assert.equal(after.revision, merged.revision);
  const { data: tree } = await api.spaces.listPages(space.id);
  assert.ok(tree.pages.some((p) => p.title === 'From the client'));
  const { data: final } = await api.spaces.getChangeRequestById(space.id, cr.id);
  assert.equal(final.status, 'merged');
  assert.equal(final.revisionMerged, merged.revision);
  await assert.rejects(api.spaces.mergeChangeRequest(space.id, cr.id), (err) => {
    assert.ok(err instanceof GitBookAPIError);
    assert.equal(err.code, 409);
    return true;
  });
});

check('collections: create, list, get, update and a space inside', async () => {
  const { data: collection } = await api.orgs.createCollection(orgId, { title: 'Client collection' });
  assert.equal(collection.object, 'collection');
  assert.equal(collection.title, 'Client collection');
  assert.equal(collection.organization, orgId);
  assert.equal(collection.defaultLevel, 'inherit');
  assert.ok(collection.urls.location.endsWith(`/v1/collections/${collection.id}`));
  assert.deepEqual(collection.permissions, { view: true, admin: true, viewInviteLinks: true, create: true });
  const { data: list } = await api.orgs.listCollectionsInOrganizationById(orgId, { nested: false });
  assert.ok(list.items.some((c) => c.id === collection.id));
  const { data: again } = await api.collections.getCollectionById(collection.id);
  assert.equal(again.title, 'Client collection');
  const { data: updated } = await api.collections.updateCollectionById(collection.id, { description: 'Made by @gitbook/api' });
  assert.equal(updated.description, 'Made by @gitbook/api');
  const { data: inside } = await api.orgs.createSpace(orgId, { title: 'Inside', parent: collection.id });
  assert.equal(inside.parent, collection.id);
  const { data: children } = await api.collections.listSpacesInCollectionById(collection.id, {});
  assert.deepEqual(children.items.map((s) => s.id), [inside.id]);
  await api.collections.deleteCollectionById(collection.id);
  await assert.rejects(api.collections.getCollectionById(collection.id), (err) => err.code === 404);
  await assert.rejects(api.spaces.getSpaceById(inside.id), (err) => err.code === 404, 'a deleted collection takes its spaces');
});

check('sites: create, list, update, sections, publish and read published', async () => {
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Client site', visibility: 'unlisted' });
  assert.equal(site.object, 'site');
  assert.equal(site.published, false);
  const { data: list } = await api.orgs.listSites(orgId, {});
  assert.ok(list.items.some((s) => s.id === site.id));
  const { data: updated } = await api.orgs.updateSiteById(orgId, site.id, { title: 'Client docs', basename: 'client' });
  assert.equal(updated.title, 'Client docs');
  assert.equal(updated.basename, 'client');
  await api.orgs.updateSiteAdaptiveSchema(orgId, site.id, { jsonSchema: {
    type: 'object', additionalProperties: false, properties: { unsigned: { type: 'object',
      description: 'Unsigned claims of the site visitor.', additionalProperties: false,
      properties: { plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' } } } } } });
  const { data: section } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: null });
  await fetch(`${endpoint}/v1/orgs/${orgId}/sites/${site.id}/sections/${section.id}`, {
    method: 'PATCH', headers: { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'For pro plans', condition: 'visitor.claims.unsigned.plan == "pro"' }),
  });
  const { data: live } = await api.orgs.publishSite(orgId, site.id);
  assert.equal(live.published, true);
  const { data: published } = await api.orgs.getPublishedContentSite(orgId, site.id, {});
  assert.equal(published.object, 'published-content-site');
  assert.equal(published.site.id, site.id);
  assert.deepEqual(published.structure.structure, [], 'the section is for pro visitors only');
  assert.equal(published.customizations.site.styling.theme, 'clean');
  const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
  assert.ok(link.urls.published.includes('share='));
  await api.orgs.unpublishSite(orgId, site.id);
  await assert.rejects(api.orgs.getPublishedContentSite(orgId, site.id, {}), (err) => err.code === 404);
});

check('site spaces: add a space to a site, list them, read it published', async () => {
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Site content' });
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Client site with a space' });
  const { data: siteSpace } = await api.orgs.addSpaceToSite(orgId, site.id, { spaceId: space.id });
  assert.equal(siteSpace.object, 'site-space');
  assert.equal(siteSpace.space.id, space.id);
  assert.equal(siteSpace.default, true);
  const { data: list } = await api.orgs.listSiteSpaces(orgId, site.id, { default: true });
  assert.deepEqual(list.items.map((s) => s.id), [siteSpace.id]);
  const { data: patched } = await api.orgs.updateSiteSpaceById(orgId, site.id, siteSpace.id, { path: 'handbook' });
  assert.equal(patched.path, 'handbook');
  await api.orgs.publishSite(orgId, site.id);
  const { data: published } = await api.orgs.getPublishedContentSite(orgId, site.id, {});
  assert.equal(published.structure.type, 'siteSpaces');
  assert.deepEqual(published.structure.structure.map((s) => s.space.id), [space.id]);
  await api.orgs.deleteSiteSpaceById(orgId, site.id, siteSpace.id);
  const { data: empty } = await api.orgs.listSiteSpaces(orgId, site.id, {});
  assert.equal(empty.items.length, 0);
});

integrationsChecks(check, api, { endpoint, authToken, orgId: () => orgId });
openapiChecks(check, api, { endpoint, authToken, orgId: () => orgId });
insightsChecks(check, api, { endpoint, authToken, orgId: () => orgId });
gitSyncChecks(check, api, { endpoint, authToken, orgId: () => orgId });

// Issue 28 §2: each of the 143 seed operations through the client's own method, 0.167.0 and 0.202.0.
check('seed operations: every one through the client\'s own methods, each response conforming', async () => {
  const { failed } = await seedChecks({ endpoint, authToken });
  assert.deepEqual(failed.map((r) => `${r.op}: ${JSON.stringify(r.byVersion)}`), []);
});

let failed = 0;
for (const [name, fn] of checks) {
  try {
    await fn();
    console.log(`  ok    ${name}`);
  } catch (err) {
    failed++;
    console.log(`  FAIL  ${name}: ${err.stack ?? err}`);
  }
}
console.log(`@gitbook/api against ${endpoint}: ${checks.length - failed}/${checks.length} checks ok`);
process.exit(failed ? 1 : 0);
