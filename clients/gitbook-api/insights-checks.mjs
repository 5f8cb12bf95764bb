// Insights through GitBook's official client: the organization's agent instructions, conversations (ingested,
// listed, their issues and clusters: 0.167.0 has no methods for them, so they go through the client's own
// request()), and a translation of a one-page space run with Apertium into Spanish.
import assert from 'node:assert/strict';

const doc = (text) => ({
  object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});

export function insightsChecks(check, api, ctx) {
  const call = (method, path, body) => api.request({ method, path, body, secure: true, type: 'application/json',
    format: method === 'POST' && path.endsWith('/conversations') ? undefined : 'json' });

  check('insights: agent instructions are read and written as a document', async () => {
    const { data: put } = await api.orgs.updateOrganizationAgentInstructions(ctx.orgId(),
      { instructions: doc('Answer in English, briefly.') });
    assert.equal(put.object, 'agent-instructions');
    const { data: got } = await api.orgs.getOrganizationAgentInstructions(ctx.orgId());
    assert.equal(got.instructions.nodes[0].nodes[0].leaves[0].text, 'Answer in English, briefly.');
    assert.ok(got.updatedAt && got.updatedBy);
  });

  check('insights: a conversation is ingested (204, twice), its issues extracted, clusters listed', async () => {
    const id = `client-${Date.now().toString(36)}`;
    const body = {
      id, subject: 'Export trouble', metadata: { url: 'https://support.example.com/1', attributes: { source: 'client' } },
      parts: [{ type: 'message', role: 'user', body: 'Hello, the PDF export of our space fails with an error.' },
        { type: 'message', role: 'assistant', body: 'Sorry, we are looking into it.' }],
    };
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/orgs/${ctx.orgId()}/conversations`, body);
      assert.equal(res.status, 204);
    }
    let issues;
    for (let i = 0; i < 100; i++) {
      issues = (await call('GET', `/orgs/${ctx.orgId()}/conversations-issues?conversation=${id}`)).data;
      if (issues.items.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(issues.items.length, 1);
    assert.equal(issues.items[0].issue.object, 'conversation-issue');
    assert.equal(issues.items[0].conversation.id, id);
    const { data: conversation } = await call('GET', `/orgs/${ctx.orgId()}/conversations/${id}`);
    assert.ok(conversation.conversation.processedAt);
    assert.equal(conversation.parts.length, 2);
    const { data: clusters } = await call('GET', `/orgs/${ctx.orgId()}/conversations-clusters?orderBy=issues`);
    assert.ok(Array.isArray(clusters.items));
    for (const c of clusters.items) {
      assert.equal(c.object, 'issues-cluster');
      assert.equal(c.weeklyPulse.length, 13);
    }
  });

  check('insights: a one-page space is translated into Spanish by runTranslation', async () => {
    const headers = { Authorization: `Bearer ${ctx.authToken}`, 'Content-Type': 'application/json' };
    const post = async (path, body) => {
      const res = await fetch(`${ctx.endpoint}/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
      return res.json();
    };
    const space = await post(`/orgs/${ctx.orgId()}/spaces`, { title: 'Client translation' });
    const cr = await post(`/spaces/${space.id}/change-requests`, { subject: 'page', status: 'open' });
    await post(`/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page',
      title: 'The house', slug: 'house', document: { markdown: 'The red house is big.\n\n```sh\nmake house\n```\n' } }] });
    await post(`/spaces/${space.id}/change-requests/${cr.id}/merge`, {});
    const { data: created } = await api.orgs.createTranslation(ctx.orgId(),
      { source: { space: space.id, language: 'en' }, language: 'es', instructions: doc('Formal tone.') });
    assert.equal(created.object, 'translation');
    assert.equal(created.status, 'pending');
    await api.orgs.runTranslation(ctx.orgId(), created.id);
    const { data: done } = await api.orgs.getTranslation(ctx.orgId(), created.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.stats.runs, 1);
    assert.equal(done.stats.latestPages, 1);
    const { data: pages } = await api.spaces.listPages(done.result.space);
    const page = pages.pages.find((p) => p.slug === 'house');
    const { data: md } = await api.spaces.getPageById(done.result.space, page.id, { format: 'markdown' });
    assert.ok(md.markdown.includes('casa'), md.markdown);
    assert.ok(md.markdown.includes('```sh\nmake house\n```'), md.markdown);
    const { data: list } = await api.orgs.listTranslations(ctx.orgId());
    assert.ok(list.items.some((t) => t.id === created.id));
    await api.orgs.deleteTranslation(ctx.orgId(), created.id);
  });
}
