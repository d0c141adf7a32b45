import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * Every call's contract lives once in packages/shared (issue 25; eslint.config.js): a server route
 * file that writes a body or an answer object inline is refused, so the web cannot drift from it.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });
const PLANTED_ROUTES = 'apps/server/src/modules/about-me/planted-routes.ts';

async function contractMessages(code: string, filePath = PLANTED_ROUTES): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const route = (schema: string) => `import { z } from 'zod';
import { dossierGroupResponseSchema } from '@testerhub/shared/about-me-schemas';
export const schema = ${schema};
export const used = [z, dossierGroupResponseSchema];
`;

describe('contracts in packages/shared', () => {
  test('an inline body schema in a route file is refused', async () => {
    expect(await contractMessages(route('{ body: z.object({ StudyNo: z.number() }) }'))).toEqual([
      expect.stringContaining('packages/shared'),
    ]);
  });

  test('an inline answer object in a route file is refused, by status code or alone', async () => {
    expect(await contractMessages(route("{ response: { 200: z.object({ status: z.literal('succeed') }) } }"))).toHaveLength(1);
    expect(await contractMessages(route("{ response: z.object({ status: z.literal('succeed') }) }"))).toHaveLength(1);
  });

  test("a route file in a module's capability sub-folder is checked too (decision 090)", async () => {
    const planted = 'apps/server/src/modules/scheduling/session-admin/planted-routes.ts';
    expect(await contractMessages(route('{ body: z.object({ StudyNo: z.number() }) }'), planted)).toEqual([
      expect.stringContaining('packages/shared'),
    ]);
  });

  test('naming the shared schemas passes', async () => {
    expect(await contractMessages(route('{ response: { 200: dossierGroupResponseSchema } }'))).toEqual([]);
  });
});
