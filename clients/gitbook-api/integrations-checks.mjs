// Integrations through GitBook's official client: publish (by the organization check.mjs created), read, list
// with filters and pages, republish (version), delete. Installations are not built yet (501): not checked here.
import { GitBookAPIError } from '@gitbook/api';
import assert from 'node:assert/strict';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function integrationsChecks(check, api, ctx) {
  const name = `client-${Date.now().toString(36)}`;
  const body = (extra = {}) => ({
    organization: ctx.orgId(), title: 'Client integration', description: 'Published by the client check',
    script: 'export default {}', scopes: ['space:content:read'], categories: ['analytics'], visibility: 'public',
    target: 'space', icon: PNG, secrets: { TOKEN: 'never-shown' }, ...extra,
  });

  check('integrations: publish, read, republish bumps the version', async () => {
    // the organization reaches integrations-service through identity's events: wait for it (404 until then)
    let published;
    for (let i = 0; ; i++) {
      try {
        published = (await api.integrations.publishIntegration(name, body())).data;
        break;
      } catch (e) {
        if (!(e instanceof GitBookAPIError) || e.code !== 404 || i >= 50) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    assert.equal(published.name, name);
    assert.equal(published.version, 1);
    assert.equal(published.owner.id, ctx.orgId());
    assert.ok(published.signingSecret.startsWith('whsec_'));
    assert.equal(published.secrets, undefined);
    const { data: read } = await api.integrations.getIntegrationByName(name);
    assert.equal(read.title, 'Client integration');
    assert.deepEqual(read.scopes, ['space:content:read']);
    const { data: again } = await api.integrations.publishIntegration(name, body({ title: 'Client v2' }));
    assert.equal(again.version, 2);
    assert.equal(again.signingSecret, published.signingSecret);
  });

  check('integrations: list with filters and pages', async () => {
    const other = `${name}-b`;
    await api.integrations.publishIntegration(other, body({ categories: ['other'], target: 'site' }));
    const { data: all } = await api.integrations.listIntegrations({ owner: ctx.orgId(), limit: 1000 });
    assert.ok(all.items.some((i) => i.name === name) && all.items.some((i) => i.name === other));
    const { data: analytics } = await api.integrations.listIntegrations({ owner: ctx.orgId(), category: 'analytics' });
    assert.ok(analytics.items.every((i) => i.categories.includes('analytics')));
    assert.ok(!analytics.items.some((i) => i.name === other));
    const { data: sites } = await api.integrations.listIntegrations({ owner: ctx.orgId(), target: 'site' });
    assert.deepEqual(sites.items.map((i) => i.name), [other]);
    const { data: first } = await api.integrations.listIntegrations({ owner: ctx.orgId(), limit: 1 });
    assert.equal(first.items.length, 1);
    assert.ok(first.next?.page);
    const { data: second } = await api.integrations.listIntegrations({ owner: ctx.orgId(), limit: 1, page: first.next.page });
    assert.notEqual(second.items[0].name, first.items[0].name);
  });

  check('integrations: delete, then 404', async () => {
    await api.integrations.unpublishIntegration(`${name}-b`);
    await assert.rejects(api.integrations.getIntegrationByName(`${name}-b`),
      (e) => e instanceof GitBookAPIError && e.code === 404);
  });
}
