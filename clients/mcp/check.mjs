// A published site's MCP server driven by the official TypeScript client (@modelcontextprotocol/sdk), as an agent
// would: connect over Streamable HTTP, list the tools, search, get a page, read it as a resource, list the pages as
// resources; then the same
// client refused (the connection fails with 404) on each refused URL. Run by sites-service's McpClientsTest:
//   node check.mjs <server URL> <query> <refused URL>...
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import assert from 'node:assert/strict';

const [url, query, ...refused] = process.argv.slice(2);

async function connect(target) {
  const client = new Client({ name: 'bindery-mcp-check', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(target)));
  return client;
}

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
  } catch (e) {
    results.push({ name, ok: false, error: String(e?.stack ?? e) });
  }
}

let client;
await check('connects and initializes', async () => {
  client = await connect(url);
  assert.equal(client.getServerVersion()?.name, 'bindery-docs');
});
let hit;
if (client) {
  await check('lists the tools search and get_page', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['get_page', 'search']);
  });
  await check('search finds pages with title, .md URL and excerpt', async () => {
    const result = await client.callTool({ name: 'search', arguments: { query } });
    assert.notEqual(result.isError, true);
    hit = result.structuredContent.results[0];
    assert.ok(hit.title && hit.url.includes('.md'), JSON.stringify(result));
  });
  await check('get_page returns the page found as markdown', async () => {
    const result = await client.callTool({ name: 'get_page', arguments: { url: hit.url } });
    assert.notEqual(result.isError, true);
    assert.ok(result.content[0].text.startsWith('# ' + hit.title), result.content[0].text);
  });
  await check('the page reads as a resource', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.equal(resourceTemplates[0].uriTemplate, '{+page}.md');
    const { contents } = await client.readResource({ uri: hit.url.replace(/[?#].*$/, '') });
    assert.equal(contents[0].mimeType, 'text/markdown');
  });
  await check('lists the pages as resources, with their .md URLs', async () => {
    const { resources, nextCursor } = await client.listResources();
    assert.ok(resources.length >= 2, JSON.stringify(resources));
    assert.ok(resources.every((r) => r.uri.endsWith('.md') && r.mimeType === 'text/markdown' && r.title), JSON.stringify(resources));
    assert.ok(resources.some((r) => r.title === hit.title), JSON.stringify(resources));
    assert.equal(nextCursor, undefined);
    const { contents } = await client.readResource({ uri: resources[0].uri });
    assert.equal(contents[0].uri, resources[0].uri);
  });
  await check('get_page of a missing page is a tool error', async () => {
    const result = await client.callTool({ name: 'get_page', arguments: { url: 'no/such/page' } });
    assert.equal(result.isError, true);
  });
  await client.close();
}
for (const target of refused) {
  await check('refused: ' + target, async () => {
    await assert.rejects(connect(target), (e) => String(e).includes('404'));
  });
}
console.log(JSON.stringify(results, null, 2));
process.exit(results.every((r) => r.ok) ? 0 : 1);
