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
