import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The web's layer boundaries (GUIDE section 2; eslint.config.js) as ESLint applies them: planted
 * imports are linted as if they were in a feature's folder. The zones compare resolved files, so
 * an import the resolver cannot follow passes silently; these fail if that happens again (decision 081).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });
const PLANTED_IN_REDEEM = 'apps/web/src/features/redeem/planted.tsx';

async function restrictedPathMessages(code: string, filePath = PLANTED_IN_REDEEM): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('the web layer boundaries', () => {
  test('a feature importing another feature without an extension is refused', async () => {
    const messages = await restrictedPathMessages(
      "import { SkillTreePopup } from '../perks/skill-tree-popup';\nexport const planted = SkillTreePopup;\n",
    );
    expect(messages).toEqual([expect.stringContaining('A feature may not import another feature')]);
  });

  test('a feature importing app/ is refused', async () => {
    const messages = await restrictedPathMessages("import { App } from '../../app/app';\nexport const planted = App;\n");
    expect(messages).toEqual([expect.stringContaining('Features may not import app/')]);
  });

  test('shared web code importing a feature is refused', async () => {
    const messages = await restrictedPathMessages(
      "import { CoinsPage } from '../features/redeem/coins-page';\nexport const planted = CoinsPage;\n",
      'apps/web/src/components/planted.tsx',
    );
    expect(messages).toEqual([expect.stringContaining('Shared web code may not import features or app/')]);
  });

  test('the staff console importing a tester portal feature is refused (decision 086)', async () => {
    const messages = await restrictedPathMessages(
      "import { CoinsPage } from '../../features/redeem/coins-page';\nexport const planted = CoinsPage;\n",
      'apps/web/src/staff/orders/planted.tsx',
    );
    expect(messages).toEqual([expect.stringContaining("The staff console may not import the tester portal's features")]);
  });

  test('the staff console importing app/ is refused', async () => {
    const messages = await restrictedPathMessages(
      "import { App } from '../../app/app';\nexport const planted = App;\n",
      'apps/web/src/staff/orders/planted.tsx',
    );
    expect(messages).toEqual([expect.stringContaining("The staff console may not import the tester portal's features or app/")]);
  });

  test('a tester portal feature importing the staff console is refused', async () => {
    const messages = await restrictedPathMessages(
      "import { OrdersPage } from '../../staff/orders/orders-page';\nexport const planted = OrdersPage;\n",
    );
    expect(messages).toEqual([expect.stringContaining('The tester portal may not import the staff console')]);
  });

  test('shared web code importing the staff console is refused', async () => {
    const messages = await restrictedPathMessages(
      "import { StaffShell } from '../staff/shell/staff-shell';\nexport const planted = StaffShell;\n",
      'apps/web/src/components/planted.tsx',
    );
    expect(messages).toEqual([expect.stringContaining('Shared web code may not import features or app/, nor the staff console')]);
  });

  test('a staff section importing its own console, another section and shared web code passes', async () => {
    const messages = await restrictedPathMessages(
      "import { StaffShell } from '../shell/staff-shell';\nimport { OrdersPage } from '../orders/orders-page';\nimport { TextField } from '../../components/form-field';\nexport const planted = [StaffShell, OrdersPage, TextField];\n",
      'apps/web/src/staff/check-in/planted.tsx',
    );
    expect(messages).toEqual([]);
  });

  test('a feature importing its own files and shared web code passes', async () => {
    const messages = await restrictedPathMessages(
      "import { EarningsPage } from './earnings-page';\nimport { LEGAL_PAGES } from '../../components/legal/legal-pages';\nexport const planted = [EarningsPage, LEGAL_PAGES];\n",
    );
    expect(messages).toEqual([]);
  });
});

describe('the server module boundaries', () => {
  test("a table file importing another module's service is refused, its tables pass (decision 083)", async () => {
    const [result] = await eslint.lintText(
      "import { isSuspended } from '../testers/tester-service.ts';\nimport { testers } from '../testers/tester-tables.ts';\nexport const planted = [isSuspended, testers];\n",
      { filePath: path.join(repoRoot, 'apps/server/src/modules/terms/planted-tables.ts') },
    );
    const messages = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) => message.message);
    expect(messages).toEqual([expect.stringContaining("'../testers/tester-service.ts'")]);
  });

  /** The server files' no-restricted-imports messages for planted code at `filePath`, each naming its import. */
  async function refusedImports(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  }

  test("another module's sub-folder is refused, even its service: a module is reached through its top-level *-service.ts (decision 090)", async () => {
    const messages = await refusedImports(
      [
        "import { createSessionAdminService } from '../scheduling/session-admin/session-admin-service.ts';",
        "import { createSchedulingService } from '../scheduling/scheduling-service.ts';",
        'export const planted = [createSessionAdminService, createSchedulingService];',
        '',
      ].join('\n'),
      'apps/server/src/modules/check-in/planted-service.ts',
    );
    expect(messages).toEqual([expect.stringContaining("'../scheduling/session-admin/session-admin-service.ts'")]);
  });

  test("from a module's sub-folder, another module's repository is refused; its service, its own module's files and core pass (decision 090)", async () => {
    const messages = await refusedImports(
      [
        "import { createLedgerRepository } from '../../ledger/ledger-repository.ts';",
        "import { createLedgerService } from '../../ledger/ledger-service.ts';",
        "import { createSchedulingRepository } from '../scheduling-repository.ts';",
        "import { createScheduleNotices } from '../schedule-mail/schedule-notices.ts';",
        "import { NotFoundError } from '../../../core/errors.ts';",
        'export const planted = [createLedgerRepository, createLedgerService, createSchedulingRepository, createScheduleNotices, NotFoundError];',
        '',
      ].join('\n'),
      'apps/server/src/modules/scheduling/session-admin/planted-service.ts',
    );
    expect(messages).toEqual([expect.stringContaining("'../../ledger/ledger-repository.ts'")]);
  });
});

describe('the browser tests', () => {
  test('a wait on time is refused', async () => {
    const [result] = await eslint.lintText(
      "import type { Page } from '@playwright/test';\nexport const planted = (page: Page) => page.waitForTimeout(500);\n",
      {
        filePath: path.join(repoRoot, 'e2e/planted.spec.ts'),
      },
    );
    const messages = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.message);
    expect(messages).toEqual([expect.stringContaining('never on time')]);
  });

  test('a wait on networkidle is refused, as a load state and as a navigation option', async () => {
    const [result] = await eslint.lintText(
      "import type { Page } from '@playwright/test';\nexport const settled = (page: Page) => page.waitForLoadState('networkidle');\nexport const opened = (page: Page) => page.goto('/', { waitUntil: 'networkidle' });\n",
      {
        filePath: path.join(repoRoot, 'e2e/planted.spec.ts'),
      },
    );
    const messages = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.message);
    expect(messages).toEqual([expect.stringContaining('never on networkidle'), expect.stringContaining('never on networkidle')]);
  });
});
