// Drives a Bindery gateway with GitBook's official client (@gitbook/api), exactly as a GitBook user
// would: `new GitBookAPI({ endpoint, authToken })`. Run by `./platform test` against the e2e stack:
//   BINDERY_GATEWAY=http://127.0.0.1:18080 BINDERY_TOKEN_FILE=.platform/e2e/admin-token node check.mjs
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { readFileSync } from 'node:fs';
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
