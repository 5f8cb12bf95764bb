// Integrations through GitBook's official client: publish (by the organization check.mjs created), read, list
// with filters and pages, republish (version), install on the organization, read, update and list installations
// and the integration's spaces, read the integration events with their trace, delete.
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

  check('integrations: install, read, update and list installations; events with their trace', async () => {
    const { data: installed } = await api.integrations.installIntegration(name, { organization: ctx.orgId() });
    assert.equal(installed.status, 'active');
    assert.equal(installed.space_selection, 'all');
    assert.equal(installed.target.organization, ctx.orgId());
    const { data: read } = await api.integrations.getIntegrationInstallationById(name, installed.id);
    assert.equal(read.id, installed.id);
    const { data: updated } = await api.integrations.updateIntegrationInstallation(name, installed.id,
      { space_selection: 'selected', externalIds: ['client-check'] });
    assert.equal(updated.space_selection, 'selected');
    assert.deepEqual(updated.externalIds, ['client-check']);
    const { data: list } = await api.integrations.listIntegrationInstallations(name, { externalId: 'client-check' });
    assert.deepEqual(list.items.map((i) => i.id), [installed.id]);
    const { data: spaces } = await api.integrations.listIntegrationSpaceInstallations(name, { extended: true });
    assert.deepEqual(spaces.items, []);
    const { data: installationSpaces } = await api.integrations.listIntegrationInstallationSpaces(name, installed.id);
    assert.deepEqual(installationSpaces.items, []);
    const { data: events } = await api.integrations.listIntegrationEvents(name);
    assert.deepEqual(events.items.map((e) => e.payload.type), ['installation_setup', 'installation_setup']);
    const { data: one } = await api.integrations.getIntegrationEvent(name, events.items[0].id);
    assert.equal(one.event.id, events.items[0].id);
    assert.ok(Array.isArray(one.trace.logs));
    await api.integrations.uninstallIntegration(name, installed.id);
    await assert.rejects(api.integrations.getIntegrationInstallationById(name, installed.id),
      (e) => e instanceof GitBookAPIError && e.code === 404);
  });

  check('integrations: delete, then 404', async () => {
    await api.integrations.unpublishIntegration(`${name}-b`);
    await assert.rejects(api.integrations.getIntegrationByName(`${name}-b`),
      (e) => e instanceof GitBookAPIError && e.code === 404);
  });
}
