// Issue 32: GitBook's three Git operations through the client's own named methods, in @gitbook/api 0.167.0 and
// 0.202.0: importGitRepository and exportToGitRepository (204, queued) and getSpaceGitInfo (GitSyncState, checked
// against that version's OpenAPI document with seed-checks' Ajv), on a bare repository made here in GitBook's layout
// and reached by file:// — the local stack allows file URLs (BINDERY_GIT_SYNC_ALLOW_FILE_URLS, `platform` sets it
// true). Needs the git command line on the machine that runs the stack (this one). The import is read back through
// the API; the export is read back from the repository with git.
import { GitBookAPI as API167, GitBookAPIError as Error167 } from '@gitbook/api';
import { GitBookAPI as API202, GitBookAPIError as Error202 } from '@gitbook/api-0.202.0';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { Version, allowedFor } from './seed-checks.mjs';

const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=Client check', '-c', 'user.email=client@bindery.local',
  '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** A bare repository with GitBook's layout on main: a README, a page with a child, a SUMMARY nesting them. */
export function gitBookRepository() {
  const root = mkdtempSync(join(tmpdir(), 'bindery-client-git-'));
  const bare = join(root, 'docs.git');
  const work = join(root, 'work');
  git(root, 'init', '--bare', '--quiet', bare);
  git(root, 'clone', '--quiet', bare, work);
  const files = {
    '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
    'README.md': '# Welcome\n\nStart with [the guide](guide/README.md).\n',
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n',
    'guide/README.md': '---\ndescription: How to use it\n---\n\n# Guide\n\nRead on.\n',
    'guide/install.md': '# Install\n\nRun the installer.\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(work, path, '..'), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', 'GitBook layout');
  git(work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main');
  return { bare, url: `file://${bare}` };
}

/** The file at `path` of `ref` in a bare repository, and the subject of that ref's commit. */
export function readBack(bare, ref, path) {
  return { text: git(bare, 'show', `${ref}:${path}`), subject: git(bare, 'log', '-1', '--format=%s', ref) };
}

export function gitSyncChecks(check, api, ctx) {
  const versions = () => [
    new Version('0.167.0', '@gitbook/api', API167, Error167, ctx.endpoint, ctx.authToken),
    new Version('0.202.0', '@gitbook/api-0.202.0', API202, Error202, ctx.endpoint, ctx.authToken),
  ];
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  /** git/info until its last operation in `direction` has ended; each answer checked against the version's document. */
  const awaitOperation = async (v, spaceId, direction, startedAfter) => {
    const info = v.method('getSpaceGitInfo');
    const { op } = v.operation('GET', '/spaces/{spaceId}/git/info');
    for (let i = 0; ; i++) {
      const res = await info(spaceId);
      assert.equal(res.status, 200);
      const problems = v.problems(op, 200, res.data);
      // the one documented difference (seed-checks' ALLOWED): no installationProvider for a host other than GitHub/GitLab
      if (!allowedFor(v, '/spaces/{spaceId}/git/info', problems)) {
        assert.deepEqual(problems, [], `${v.name} getSpaceGitInfo answers as GitBook documents it`);
      }
      const o = res.data.operation;
      if (o && o.direction === direction && o.state !== 'running' && new Date(o.startedAt) >= startedAfter) return res.data;
      assert.ok(i < 300, `${v.name}: the ${direction} did not end in 60 s: ${JSON.stringify(res.data)}`);
      await sleep(200);
    }
  };

  check('git sync: importGitRepository, exportToGitRepository and getSpaceGitInfo through the client, as documented', async () => {
    for (const v of versions()) {
      const repo = gitBookRepository();
      const { data: space } = await v.api.orgs.createSpace(ctx.orgId(), { title: `Git ${v.name}` });
      // no Git set up yet: 404 (integrations may also not know the space yet: 404 as well)
      await assert.rejects(v.method('getSpaceGitInfo')(space.id), (e) => e instanceof v.ErrorClass && e.code === 404);

      const started = new Date(Date.now() - 1000);
      let queued;
      for (let i = 0; ; i++) {
        try {
          queued = await v.method('importGitRepository')(space.id, { url: repo.url, ref: 'refs/heads/main' });
          break;
        } catch (e) {
          // the new space reaches integrations through content's events: 404 until then
          if (!(e instanceof v.ErrorClass) || e.code !== 404 || i >= 50) throw e;
          await sleep(200);
        }
      }
      assert.equal(queued.status, 204, `${v.name} importGitRepository is queued`);
      const imported = await awaitOperation(v, space.id, 'import', started);
      assert.equal(imported.operation.state, 'success', JSON.stringify(imported));
      // read back through the API: the tree of SUMMARY.md, the README first
      let tree;
      for (let i = 0; ; i++) {
        tree = (await v.api.spaces.listPages(space.id)).data;
        if (tree.pages.length >= 2 || i >= 50) break;
        await sleep(200);
      }
      assert.deepEqual(tree.pages.map((p) => p.title), ['Welcome', 'Guide']);
      assert.deepEqual(tree.pages[1].pages.map((p) => p.title), ['Install']);
      assert.equal(tree.pages[1].description, 'How to use it');

      const exportedAt = new Date(Date.now() - 1000);
      const exported = await v.method('exportToGitRepository')(space.id, {
        url: repo.url, ref: 'refs/heads/from-bindery', commitMessage: `Exported by @gitbook/api ${v.name}` });
      assert.equal(exported.status, 204, `${v.name} exportToGitRepository is queued`);
      const after = await awaitOperation(v, space.id, 'export', exportedAt);
      assert.equal(after.operation.state, 'success', JSON.stringify(after));
      const summary = readBack(repo.bare, 'refs/heads/from-bindery', 'SUMMARY.md');
      assert.equal(summary.subject, `Exported by @gitbook/api ${v.name}`);
      assert.match(summary.text, /\[Install\]\(guide\/install\.md\)/);
      assert.match(readBack(repo.bare, 'refs/heads/from-bindery', 'guide/install.md').text, /Run the installer\./);

      // bad input is a 400 with a message, never queued
      await assert.rejects(v.method('exportToGitRepository')(space.id, { url: repo.url, ref: 'refs/heads/main' }),
        (e) => e instanceof v.ErrorClass && e.code === 400 && /commitMessage/.test(e.message));
      await assert.rejects(v.method('importGitRepository')(space.id, { ref: 'refs/heads/main' }),
        (e) => e instanceof v.ErrorClass && e.code === 400);
    }
  });
}
