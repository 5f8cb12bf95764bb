// OpenAPI specs through GitBook's official client: create from text, list, read, wait for processing, versions
// (list, latest, by id, content); PUT from a URL served by a local server (127.0.0.1, which the local and e2e
// stacks let user-given URLs reach) makes a second version; the same content again makes none; the diff (Bindery's
// own, not in the client) flags the removed operation; public visibility publishes it at urls.published, read
// without a token; delete, and a delete of an unknown slug is a 204 too.
import { GitBookAPIError } from '@gitbook/api';
import { createServer } from 'node:http';
import assert from 'node:assert/strict';

const V1 = `openapi: 3.0.3
info: {title: Client pets, version: 1.0.0}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200': {description: the pets, content: {application/json: {schema: {type: array, items: {type: string}}}}}
  /pets/{id}:
    delete:
      operationId: deletePet
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses:
        '204': {description: deleted}
`;
const V2 = V1.replace(/  \/pets\/\{id\}:[\s\S]*$/, '');

export function openapiChecks(check, api, ctx) {
  const slug = `client-spec-${Date.now().toString(36)}`;
  const complete = async (orgId) => {
    for (let i = 0; ; i++) {
      const { data: spec } = await api.orgs.getOpenApiSpecBySlug(orgId, slug);
      if (spec.processingState === 'complete') return spec;
      if (i >= 150) throw new Error(`spec still ${spec.processingState}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  check('openapi: create from text, list, read, processed into a version with its content', async () => {
    const orgId = ctx.orgId();
    const { data: created } = await api.orgs.createOpenApiSpec(orgId, { slug, source: { text: V1 } });
    assert.equal(created.object, 'openapi-spec');
    assert.equal(created.slug, slug);
    assert.equal(created.processingState, 'pending');
    assert.equal(created.permissions.edit, true);
    await assert.rejects(api.orgs.createOpenApiSpec(orgId, { slug, source: { text: V1 } }),
      (e) => e instanceof GitBookAPIError && e.code === 409);
    const { data: list } = await api.orgs.listOpenApiSpecs(orgId, { limit: 100 });
    assert.ok(list.items.some((s) => s.slug === slug));
    const spec = await complete(orgId);
    assert.equal(spec.lastProcessErrorCode, undefined);
    assert.equal(spec.lastProcessedErrorCount, 0);
    assert.ok(spec.lastVersion);
    const { data: versions } = await api.orgs.listOpenApiSpecVersions(orgId, slug, {});
    assert.deepEqual(versions.items.map((v) => v.id), [spec.lastVersion]);
    const { data: latest } = await api.orgs.getLatestOpenApiSpecVersion(orgId, slug);
    assert.equal(latest.object, 'openapi-spec-version');
    assert.equal(latest.id, spec.lastVersion);
    const { data: byId } = await api.orgs.getOpenApiSpecVersionById(orgId, slug, latest.id);
    assert.equal(byId.url, latest.url);
    const { data: content } = await api.orgs.getOpenApiSpecVersionContentById(orgId, slug, latest.id);
    assert.equal(content.filesystem.files[0].text, V1);
    assert.equal(content.urls.public, null);
  });

  check('openapi: PUT from a URL, a changed spec is a new version, the same one is not; diff; publish; delete', async () => {
    const orgId = ctx.orgId();
    let body = V2;
    const server = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/yaml' });
      res.end(body);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${server.address().port}/pets.yaml`;
      const first = (await api.orgs.getOpenApiSpecBySlug(orgId, slug)).data.lastVersion;
      const { data: put } = await api.orgs.createOrUpdateOpenApiSpecBySlug(orgId, slug, { source: { url } });
      assert.equal(put.sourceURL, url);
      const second = (await complete(orgId)).lastVersion;
      assert.notEqual(second, first);
      const { data: latest } = await api.orgs.getLatestOpenApiSpecVersionContent(orgId, slug);
      assert.equal(latest.urls.source, url);
      assert.equal(latest.filesystem.files[0].text, V2);
      await api.orgs.createOrUpdateOpenApiSpecBySlug(orgId, slug, { source: { url } });
      assert.equal((await complete(orgId)).lastVersion, second);
      const diff = await fetch(`${ctx.endpoint}/v1/orgs/${orgId}/openapi/${slug}/versions/${second}/diff?against=${first}`,
        { headers: { Authorization: `Bearer ${ctx.authToken}` } });
      assert.equal(diff.status, 200);
      const changes = await diff.json();
      assert.equal(changes.breaking, true);
      assert.deepEqual(changes.operations.removed.map((o) => `${o.method} ${o.path}`), ['DELETE /pets/{id}']);
    } finally {
      server.close();
    }
    const { data: published } = await api.orgs.updateOpenApiSpecBySlug(orgId, slug, { visibility: 'public' });
    assert.equal(published.visibility, 'public');
    const anyone = await fetch(published.urls.published.replace(/^https?:\/\/[^/]+/, ctx.endpoint));
    assert.equal(anyone.status, 200);
    assert.equal(await anyone.text(), V2);
    await api.orgs.deleteOpenApiSpecBySlug(orgId, slug);
    await assert.rejects(api.orgs.getOpenApiSpecBySlug(orgId, slug), (e) => e instanceof GitBookAPIError && e.code === 404);
    await api.orgs.deleteOpenApiSpecBySlug(orgId, slug);
  });
}
